export type NoticeSeverity = 'success' | 'error' | 'info';

export interface Notice {
  id: number;
  severity: NoticeSeverity;
  message: string;
  /** The path of the screen the message was raised on: it is shown there only. */
  path: string | null;
}

export interface Notify {
  success: (message: string) => void;
  error: (message: string) => void;
  info: (message: string) => void;
}

export interface Notifier {
  notify: Notify;
  dismiss: () => void;
  /** Tells the notifier which screen the user is on: messages of other screens are dropped. */
  setPath: (path: string) => void;
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => readonly Notice[];
}

/**
 * The toast that is showing, kept outside React so that the query cache can raise one too.
 * Rules: a new message replaces the one showing (with a fresh id, so it is seen as new; nothing
 * queues behind it to surface on a later screen); a message belongs to the path it was raised on
 * and is dropped as soon as the user moves to another path.
 */
export function createNotifier(): Notifier {
  let queue: readonly Notice[] = [];
  let nextId = 0;
  let currentPath: string | null = null;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());

  const push = (severity: NoticeSeverity) => (message: string) => {
    queue = [{ id: nextId++, severity, message, path: currentPath }];
    emit();
  };

  return {
    notify: { success: push('success'), error: push('error'), info: push('info') },
    dismiss: () => {
      if (queue.length === 0) return;
      queue = [];
      emit();
    },
    setPath: (path) => {
      if (path === currentPath) return;
      currentPath = path;
      const kept = queue.filter((notice) => notice.path === null || notice.path === path);
      if (kept.length !== queue.length) {
        queue = kept;
        emit();
      }
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => queue,
  };
}

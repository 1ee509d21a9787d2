export type NoticeSeverity = 'success' | 'error' | 'info';

export interface Notice {
  id: number;
  severity: NoticeSeverity;
  message: string;
}

export interface Notify {
  success: (message: string) => void;
  error: (message: string) => void;
  info: (message: string) => void;
}

export interface Notifier {
  notify: Notify;
  dismiss: () => void;
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => readonly Notice[];
}

/**
 * A queue of toasts that lives outside React, so that the query cache can raise one too.
 * The same message twice in a row is queued once.
 */
export function createNotifier(): Notifier {
  let queue: readonly Notice[] = [];
  let nextId = 0;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());

  const push = (severity: NoticeSeverity) => (message: string) => {
    const last = queue[queue.length - 1];
    if (last?.message === message && last.severity === severity) return;
    queue = [...queue, { id: nextId++, severity, message }];
    emit();
  };

  return {
    notify: { success: push('success'), error: push('error'), info: push('info') },
    dismiss: () => {
      queue = queue.slice(1);
      emit();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => queue,
  };
}

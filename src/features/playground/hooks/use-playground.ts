import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { TextGenerationBody } from '../../../api/contract';
import {
  startGenerationSession,
  useGenerateText,
  type TimedGeneration,
} from '../../../api/generation';
import {
  checkDraft,
  customPlaceholders,
  hasProblems,
  initialDraft,
  toRequest,
  type Draft,
} from '../lib/draft';

export const newSessionId = () => `playground-${crypto.randomUUID().slice(0, 8)}`;

export interface LastRun {
  request: TextGenerationBody;
  result: TimedGeneration;
}

/**
 * The playground's state: the draft being edited, the session (in the URL, so a reload keeps
 * the history), the run in flight (cancellable) and the last answer.
 */
export function usePlayground() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const sessionParam = params.get('session');
  // A session made here starts with a known, empty history (no request for it).
  const [fallbackSession] = useState(() => {
    const id = newSessionId();
    if (!sessionParam) startGenerationSession(queryClient, id);
    return id;
  });
  const sessionId = sessionParam ?? fallbackSession;
  useEffect(() => {
    if (!sessionParam)
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('session', fallbackSession);
          return next;
        },
        { replace: true },
      );
  }, [sessionParam, fallbackSession, setParams]);

  const [draft, setDraft] = useState<Draft>(initialDraft);
  const [attempted, setAttempted] = useState(false);
  const [last, setLast] = useState<LastRun>();
  const [cancelled, setCancelled] = useState(false);
  const generate = useGenerateText();
  const controller = useRef<AbortController | undefined>(undefined);

  const names = useMemo(() => customPlaceholders(draft.template), [draft.template]);
  // Problems show once the user tried to run, and then follow every edit.
  const problems = attempted ? checkDraft(draft) : undefined;

  const change = useCallback((next: Partial<Draft>) => setDraft((d) => ({ ...d, ...next })), []);

  const run = useCallback(() => {
    if (generate.isPending) return;
    setAttempted(true);
    if (hasProblems(checkDraft(draft))) return;
    const request = toRequest(draft, sessionId);
    controller.current = new AbortController();
    setCancelled(false);
    generate.mutate(
      { body: request, signal: controller.current.signal },
      { onSuccess: (result) => setLast({ request, result }) },
    );
  }, [draft, generate, sessionId]);

  const cancel = useCallback(() => {
    controller.current?.abort();
    setCancelled(true);
    generate.reset();
  }, [generate]);

  const newSession = useCallback(() => {
    const id = newSessionId();
    startGenerationSession(queryClient, id);
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('session', id);
      return next;
    });
    setLast(undefined);
    generate.reset();
  }, [generate, queryClient, setParams]);

  const restore = useCallback((next: Draft) => {
    setDraft(next);
    setAttempted(false);
  }, []);

  return {
    sessionId,
    draft,
    change,
    restore,
    names,
    problems,
    run,
    cancel,
    cancelled,
    running: generate.isPending,
    error: generate.error,
    last,
    newSession,
  };
}

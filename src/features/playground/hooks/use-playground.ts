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
import { useNewAnswerText, useStreamingSupported } from './use-answer-stream';

export const newSessionId = () => `playground-${crypto.randomUUID().slice(0, 8)}`;

export interface LastRun {
  request: TextGenerationBody;
  result: TimedGeneration;
}

/** A streamed run stopped by the user: what had arrived, kept on screen (the platform keeps none). */
export interface StoppedRun {
  request: TextGenerationBody;
  text: string;
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
  const streams = useStreamingSupported();
  const answerText = useNewAnswerText();
  const [streaming, setStreaming] = useState(false);
  const [stopped, setStopped] = useState<StoppedRun>();
  const inFlight = useRef<TextGenerationBody | undefined>(undefined);
  // Said once when a run ends, never for each piece of a streamed answer.
  const [announcement, setAnnouncement] = useState('');

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
    inFlight.current = request;
    setCancelled(false);
    setStopped(undefined);
    setAnnouncement('');
    answerText.set('');
    setStreaming(streams);
    generate.mutate(
      {
        body: request,
        signal: controller.current.signal,
        onDelta: streams ? answerText.append : undefined,
      },
      {
        onSuccess: (result) => {
          setLast({ request, result });
          setAnnouncement('The answer is complete');
        },
      },
    );
  }, [answerText, draft, generate, sessionId, streams]);

  const cancel = useCallback(() => {
    controller.current?.abort();
    const kept = streaming ? answerText.get() : '';
    if (kept && inFlight.current) {
      setStopped({ request: inFlight.current, text: kept });
      setAnnouncement('Stopped: the answer so far is kept');
    } else setCancelled(true);
    generate.reset();
  }, [answerText, generate, streaming]);

  const newSession = useCallback(() => {
    const id = newSessionId();
    startGenerationSession(queryClient, id);
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('session', id);
      return next;
    });
    setLast(undefined);
    setStopped(undefined);
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
    /** The answer as it grows, while a streamed run is under way (Stop keeps it). */
    stream: streaming && generate.isPending ? answerText : undefined,
    stopped,
    announcement,
    error: generate.error,
    last,
    newSession,
  };
}

import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useExecution, useExecutionLive } from './get-execution';
import { useExecutions } from './get-executions';
import { useRunStream } from './run-stream';

/**
 * A stream's runs, Run now, and the run followed: the one started here, else the newest while
 * ACTIVE (a schedule started it). While ACTIVE the followed run is read live on the embedded
 * platform and polled elsewhere (either stops by itself once it ends); `onEnded` is called once
 * when it goes from ACTIVE to anything else.
 */
export function useFollowedRun(streamId: string, onEnded: () => void) {
  const executions = useExecutions(streamId);
  const run = useRunStream();
  const [startedId, setStartedId] = useState<number>();

  const latest = executions.data?.[0];
  const followedId = startedId ?? (latest?.state === 'ACTIVE' ? latest.id : undefined);
  const followedKey = followedId === undefined ? undefined : String(followedId);
  const followed = useExecution(streamId, followedKey);
  // On the embedded platform its changes arrive as they happen; polled otherwise.
  useExecutionLive(streamId, followedKey, followed.data?.state === 'ACTIVE');

  const ended = useEffectEvent(onEnded);
  // "id:state" of the followed run; a change from ACTIVE to anything else is the end of it.
  const seen = useRef<string>(undefined);
  const state = followed.data ? `${followed.data.id}:${followed.data.state}` : undefined;
  useEffect(() => {
    const before = seen.current;
    seen.current = state;
    if (before?.endsWith(':ACTIVE') && state && !state.endsWith(':ACTIVE')) ended();
  }, [state]);

  return { executions, run, latest, followedId, followed, setStartedId };
}

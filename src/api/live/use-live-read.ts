import { useEffect, useEffectEvent, useState } from 'react';
import { useGatewayStatus } from '../gateway/status';
import { follow } from './followed';

/** Errors in a row (each a reconnect by the browser) before the caller polls again instead. */
const MAX_ERRORS = 3;
/** How long a refused live read waits before it is opened again (the caller polls meanwhile). */
export const LIVE_RETRY_MS = 30_000;

export interface LiveRead {
  /** The stream keeps the caller up to date, so its polling may stop. */
  live: boolean;
  /**
   * The platform refused the stream or it kept failing (a 503 when the user or the process has
   * too many open): the caller polls, says so, and the stream is opened again later.
   */
  paused: boolean;
}

/**
 * Follows a live read of the embedded platform (text/event-stream; docs/platform-gaps.md):
 * `onEvent(name, data)` for each of `events` as it arrives. `live` while the stream is what keeps
 * the caller up to date, so its polling may stop; not against a real instance (which has no live
 * reads: `/gateway/status` says `remote`), without EventSource, or once an answer its schema
 * refuses has come, when the caller polls as before. A refusal (EventSource tells no status: any
 * answer but a stream closes it) or repeated errors leave it `paused` for LIVE_RETRY_MS, polled.
 * A stream the platform closes (after its time bound, or at the end) is reopened by the browser
 * with `Last-Event-ID`, where it was; a caller that has seen the end passes `path` undefined.
 * While it is open, `key` is followed (followed.ts): the polling query of the same resource asks
 * `isFollowed(key)`.
 */
export function useLiveRead(
  key: string,
  path: string | undefined,
  events: readonly string[],
  onEvent: (name: string, data: unknown) => void,
): LiveRead {
  const embedded = useGatewayStatus().data?.mode === 'embedded';
  const [failed, setFailed] = useState<string>();
  const [paused, setPaused] = useState<string>();
  const wanted = embedded && path !== undefined && failed !== path;
  const on = wanted && paused !== path && typeof EventSource === 'function';
  const deliver = useEffectEvent(onEvent);
  const names = events.join(' ');
  useEffect(() => {
    if (paused === undefined) return;
    const timer = setTimeout(() => setPaused(undefined), LIVE_RETRY_MS);
    return () => clearTimeout(timer);
  }, [paused]);
  useEffect(() => {
    if (!on || path === undefined) return;
    const source = new EventSource(path);
    const unfollow = follow(key);
    let errors = 0;
    const stop = (until: typeof setFailed) => {
      source.close();
      unfollow();
      until(path);
    };
    const fail = () => stop(setFailed);
    for (const name of names.split(' '))
      source.addEventListener(name, (event) => {
        errors = 0;
        let data: unknown;
        try {
          data = JSON.parse((event as MessageEvent<string>).data);
        } catch {
          return;
        }
        try {
          deliver(name, data);
        } catch {
          // An answer its schema refuses: the polling read shows the error.
          fail();
        }
      });
    source.addEventListener('error', () => {
      errors += 1;
      if (errors >= MAX_ERRORS || source.readyState === EventSource.CLOSED) stop(setPaused);
    });
    return () => {
      source.close();
      unfollow();
    };
  }, [on, key, path, names]);
  return { live: on, paused: wanted && paused === path };
}

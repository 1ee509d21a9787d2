import { useEffect, useEffectEvent, useState } from 'react';
import { useGatewayStatus } from '../gateway/status';
import { follow } from './followed';

/** Errors in a row (each a reconnect by the browser) before the caller polls again instead. */
const MAX_ERRORS = 3;

/**
 * Follows a live read of the embedded platform (text/event-stream; docs/platform-gaps.md):
 * `onEvent(name, data)` for each of `events` as it arrives. True while the stream is what keeps
 * the caller up to date, so its polling may stop; false against a real instance (which has no
 * live reads: `/gateway/status` says `remote`), without EventSource, or after repeated errors,
 * when the caller polls as before. A stream the platform closes (after its time bound, or at the
 * end) is reopened by the browser with `Last-Event-ID`, where it was; a caller that has seen the
 * end passes `path` undefined. While it is open, `key` is followed (followed.ts): the polling
 * query of the same resource asks `isFollowed(key)`.
 */
export function useLiveRead(
  key: string,
  path: string | undefined,
  events: readonly string[],
  onEvent: (name: string, data: unknown) => void,
) {
  const embedded = useGatewayStatus().data?.mode === 'embedded';
  const [failed, setFailed] = useState<string>();
  const on = embedded && path !== undefined && failed !== path && typeof EventSource === 'function';
  const deliver = useEffectEvent(onEvent);
  const names = events.join(' ');
  useEffect(() => {
    if (!on || path === undefined) return;
    const source = new EventSource(path);
    const unfollow = follow(key);
    let errors = 0;
    const fail = () => {
      source.close();
      unfollow();
      setFailed(path);
    };
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
      if (errors >= MAX_ERRORS || source.readyState === EventSource.CLOSED) fail();
    });
    return () => {
      source.close();
      unfollow();
    };
  }, [on, key, path, names]);
  return on;
}

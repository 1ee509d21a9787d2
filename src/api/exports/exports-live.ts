import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { exportsChanged } from '../contract/exports';
import { useLiveRead } from '../live/use-live-read';
import { exportKeys } from './keys';

/** What `isFollowed` is asked about while the list across datasets is followed live. */
export const exportsAcrossLiveKey = 'exports:across';
export const EXPORTS_LIVE_PATH = '/api/query/v1/exports/live';

/**
 * Embedded platform (docs/platform-gaps.md): follows `GET /api/query/v1/exports/live`, whose
 * `changed` events carry the version of the list `getExportsAcross` reads; a version other than
 * the one held reads the list again (on a reconnect too, so nothing changed meanwhile is missed).
 * `live`: the stream keeps the list up to date (it is not polled). `ready`: the list may be read;
 * while live, only once the first version has arrived, so that first read is as new as it and
 * one read serves the opening. Against a real instance, or once the stream has failed, the list
 * is read and polled as before; `paused`: the stream is to be opened again later.
 */
export function useExportsAcrossLive(on: boolean) {
  const queryClient = useQueryClient();
  const held = useRef<string | undefined>(undefined);
  const reading = useRef(false);
  const again = useRef(false);
  const [versioned, setVersioned] = useState(false);
  // One read at a time: a version that comes during one is read once it has ended (that read
  // may have begun before the change), so a burst of changes costs two reads, none cancelled.
  const readAgain = async () => {
    if (reading.current) {
      again.current = true;
      return;
    }
    reading.current = true;
    try {
      do {
        again.current = false;
        await queryClient.invalidateQueries({ queryKey: exportKeys.across() });
      } while (again.current);
    } finally {
      reading.current = false;
    }
  };
  const read = useLiveRead(
    exportsAcrossLiveKey,
    on ? EXPORTS_LIVE_PATH : undefined,
    ['changed'],
    (_, data) => {
      const { version } = exportsChanged.parse(data);
      if (held.current === version) return;
      const first = held.current === undefined;
      held.current = version;
      if (!first) {
        void readAgain();
        return;
      }
      // A list held from an earlier visit is older than the first version: it is read again
      // once the query is enabled (invalidated, as it may still count as fresh).
      void queryClient.invalidateQueries({ queryKey: exportKeys.across(), refetchType: 'none' });
      setVersioned(true);
    },
  );
  return { live: read.live, paused: read.paused, ready: !read.live || versioned };
}

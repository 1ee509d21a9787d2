/**
 * What a live read keeps up to date right now (use-live-read.ts): a query that polls asks here
 * and stops polling while its resource is followed live.
 */
const followed = new Map<string, number>();

export const isFollowed = (key: string) => (followed.get(key) ?? 0) > 0;

export function follow(key: string) {
  followed.set(key, (followed.get(key) ?? 0) + 1);
  return () => {
    const n = (followed.get(key) ?? 1) - 1;
    if (n > 0) followed.set(key, n);
    else followed.delete(key);
  };
}

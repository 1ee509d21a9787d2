export type Outcome<T, R> =
  { item: T; ok: true; value: R } | { item: T; ok: false; error: unknown };

/**
 * Runs `task` on every item with at most `concurrency` in flight. A failure is kept as that item's
 * outcome and does not stop the others; outcomes come back in the items' order.
 */
export async function mapBounded<T, R>(
  items: readonly T[],
  task: (item: T) => Promise<R>,
  {
    concurrency,
    onProgress,
  }: { concurrency: number; onProgress?: (done: number, total: number) => void },
): Promise<Outcome<T, R>[]> {
  const outcomes = new Array<Outcome<T, R>>(items.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      const item = items[i]!;
      try {
        outcomes[i] = { item, ok: true, value: await task(item) };
      } catch (error) {
        outcomes[i] = { item, ok: false, error };
      }
      onProgress?.(++done, items.length);
    }
  };
  const workers = Math.max(1, Math.min(concurrency, items.length));
  await Promise.all(Array.from({ length: workers }, worker));
  return outcomes;
}

/** Bytes of one step's output, as JSON, kept on the run. */
export const MAX_OUTPUT_BYTES = 1024 * 1024;

class Over extends Error {}

/**
 * Whether `value` as JSON is larger than `limit` bytes, counted piece by piece without building
 * the JSON: the count stops at the first piece past the limit (bounded before it is built).
 */
export function jsonBytesOver(value: unknown, limit: number): boolean {
  let total = 0;
  const add = (bytes: number) => {
    total += bytes;
    if (total > limit) throw new Over();
  };
  const walk = (v: unknown, inArray: boolean): void => {
    if (v && typeof (v as { toJSON?: unknown }).toJSON === 'function')
      v = (v as { toJSON: () => unknown }).toJSON();
    if (typeof v === 'string') return add(Buffer.byteLength(JSON.stringify(v)));
    if (typeof v === 'number') return add(Number.isFinite(v) ? String(v).length : 4);
    if (typeof v === 'boolean') return add(v ? 4 : 5);
    if (v === null || v === undefined || typeof v !== 'object') return add(inArray ? 4 : 0);
    if (Array.isArray(v)) {
      add(2 + Math.max(0, v.length - 1));
      for (const item of v) walk(item, true);
      return;
    }
    const entries = Object.entries(v).filter(([, x]) => x !== undefined);
    add(2 + Math.max(0, entries.length - 1));
    for (const [key, x] of entries) {
      add(Buffer.byteLength(JSON.stringify(key)) + 1);
      walk(x, false);
    }
  };
  try {
    walk(value, true);
    return false;
  } catch (error) {
    if (error instanceof Over) return true;
    throw error;
  }
}

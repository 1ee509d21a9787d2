import { createHash } from 'node:crypto';

export const sha256Hex = (data: string | Uint8Array) =>
  createHash('sha256').update(data).digest('hex');

/** A uuid-shaped id derived from `key`: sample ids are the same on every start and machine. */
export function stableUuid(key: string) {
  const h = sha256Hex(key);
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Epoch millis of a UTC date in 2026 (month 1..12), plus minutes. */
export const at2026 = (month: number, day: number, minutes = 0) =>
  Date.UTC(2026, month - 1, day) + minutes * 60_000;

/**
 * Ctrl-C reaches every process of the terminal's group: under `tsx` or `npm`, the parent relays
 * the same SIGINT again a moment later. A repeat within this window is that echo, not a second
 * Ctrl-C; only a later one stops at once, without waiting for the clean stop.
 */
export const REPEAT_WINDOW_MS = 1_500;

export function onStopSignal(
  name: string,
  stop: (signal: NodeJS.Signals) => Promise<void>,
  now: () => number = Date.now,
): void {
  let firstAt: number | undefined;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (firstAt !== undefined) {
        if (now() - firstAt < REPEAT_WINDOW_MS) return;
        console.error(`${name}: ${signal} again, exiting now`);
        process.exit(1);
      }
      firstAt = now();
      console.log(`${name}: ${signal}, stopping`);
      stop(signal).then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(`${name}: unclean stop`, error);
          process.exit(1);
        },
      );
    });
  }
}

/** The path `npm start` runs: the server's bundle (scripts/build-server.mjs). */
export const serverEntry: string;
/** Builds the server's bundle and points `.build/server` at it; answers its entry. */
export function buildServer(): Promise<string>;

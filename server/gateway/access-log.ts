/** Logged for a request the browser abandoned before the answer (nginx's convention). */
export const CLIENT_CLOSED_REQUEST = 499;

export interface AccessLogEntry {
  method: string;
  /** The path only: a query string may carry user data, so it never reaches the log. */
  path: string;
  status: number;
  durationMs: number;
}

/** The one log format of the gateway. Never a header value, token or body. */
export function formatAccessLogLine(entry: AccessLogEntry): string {
  const path = entry.path.split('?', 1)[0];
  const line = `gateway ${entry.method} ${path} ${entry.status} ${Math.round(entry.durationMs)}ms`;
  return entry.status === CLIENT_CLOSED_REQUEST ? `${line} abandoned by the browser` : line;
}

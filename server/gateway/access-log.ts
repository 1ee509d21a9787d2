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
  return `gateway ${entry.method} ${path} ${entry.status} ${Math.round(entry.durationMs)}ms`;
}

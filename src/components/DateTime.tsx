import { formatDateTime, toDate } from '../lib/format';

export interface DateTimeProps {
  /** An ISO 8601 timestamp, or epoch milliseconds. */
  value: string | number | null | undefined;
  /** Shown when there is no value, e.g. "never". */
  fallback?: string;
  /** To the second (an export's or a run's page), not only to the minute. */
  seconds?: boolean;
}

/** A short local date and time; the exact value the platform sent is in the title. */
export function DateTime({ value, fallback = '—', seconds = false }: DateTimeProps) {
  if (value === null || value === undefined || value === '') return <span>{fallback}</span>;
  const date = toDate(value);
  if (!date) return <span>{String(value)}</span>;
  const exact = typeof value === 'number' ? date.toISOString() : value;
  return (
    <time dateTime={date.toISOString()} title={exact}>
      {formatDateTime(date, { seconds })}
    </time>
  );
}

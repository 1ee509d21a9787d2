import { formatDistanceStrict } from 'date-fns';

/** "3 minutes ago" / "in 5 minutes". */
export const formatRelative = (date: Date, now: Date = new Date()) =>
  formatDistanceStrict(date, now, { addSuffix: true });

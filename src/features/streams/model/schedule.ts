import type { AdvancedSchedule } from '../../../api/contract/streams';
import type { ScheduleValues } from './wizard-values';

/** 4.3 `advancedScheduleJson`, decoded; keys in the order the platform's examples use. */
export function toAdvancedSchedule(schedule: ScheduleValues): AdvancedSchedule {
  const { type, timezone } = schedule;
  switch (type) {
    case 'INTERVAL':
      return { type, timezone, intervalMinutes: Number(schedule.intervalMinutes) };
    case 'DAILY':
      return { type, timezone, at: schedule.at };
    default:
      return { type: 'MANUAL', timezone };
  }
}

/** 4.3: the schedule travels as a JSON document encoded in a string. */
export const toAdvancedScheduleJson = (schedule: ScheduleValues) =>
  JSON.stringify(toAdvancedSchedule(schedule));

export const browserTimeZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

/** IANA zones the browser knows; `supportedValuesOf` leaves out UTC itself, so it comes first. */
export function timeZoneOptions(current = browserTimeZone()): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', ...known, current])];
}

export const isTimeZone = (zone: string) => {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** One line a person reads: "Every 15 minutes (Europe/Paris)". */
export function describeSchedule(schedule: ScheduleValues): string {
  switch (schedule.type) {
    case 'INTERVAL': {
      const n = Number(schedule.intervalMinutes);
      return `Every ${n === 1 ? 'minute' : `${n} minutes`} (${schedule.timezone})`;
    }
    case 'DAILY':
      return `Daily at ${schedule.at} (${schedule.timezone})`;
    default:
      return `Manual: runs only when started (${schedule.timezone})`;
  }
}

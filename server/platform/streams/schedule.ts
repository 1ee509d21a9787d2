import { advancedSchedule, type AdvancedSchedule } from '../../../src/api/contract';
import { badRequest } from '../core/errors';
import { describeIssue } from '../core/validate';

/** 4.3: `advancedScheduleJson` is JSON inside a string; absent means MANUAL in UTC. */
export function parseSchedule(json: string | null | undefined): AdvancedSchedule | null {
  if (json === undefined || json === null) return null;
  let decoded: unknown;
  try {
    decoded = JSON.parse(json);
  } catch {
    throw badRequest('advancedScheduleJson: not a JSON document encoded as a string');
  }
  const result = advancedSchedule.safeParse(decoded);
  if (!result.success)
    throw badRequest(`advancedScheduleJson: ${describeIssue(result.error, 'schedule')}`);
  return result.data;
}

/** The wall-clock parts of `instant` in `timeZone`. */
function wallClock(instant: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** The instant at which `timeZone`'s clocks show the given wall-clock time (DST gaps move forward). */
function instantOf(
  wall: { year: number; month: number; day: number; hour: number; minute: number },
  timeZone: string,
) {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  let guess = asUtc;
  for (let i = 0; i < 2; i++) {
    const seen = wallClock(new Date(guess), timeZone);
    const seenUtc = Date.UTC(
      seen.year,
      seen.month - 1,
      seen.day,
      seen.hour,
      seen.minute,
      seen.second,
    );
    guess += asUtc - seenUtc;
  }
  return new Date(guess);
}

/** `YYYY-MM-DD` of `instant` in `timeZone`: the partition id of an APPEND run. */
export function dateIn(instant: Date, timeZone = 'UTC') {
  const { year, month, day } = wallClock(instant, timeZone);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * When a schedule runs next, after `from`. MANUAL never; INTERVAL is due at once when created
 * (`first`) and then every `intervalMinutes`; DAILY at the next `at` in its time zone.
 */
export function nextRunAt(
  schedule: AdvancedSchedule | null,
  from: Date,
  first = false,
): Date | null {
  if (!schedule || schedule.type === 'MANUAL') return null;
  if (schedule.type === 'INTERVAL')
    return first ? from : new Date(from.getTime() + schedule.intervalMinutes! * 60_000);
  const [hour, minute] = schedule.at!.split(':').map(Number) as [number, number];
  const today = wallClock(from, schedule.timezone);
  for (let days = 0; days <= 2; days++) {
    const day = new Date(Date.UTC(today.year, today.month - 1, today.day + days));
    const candidate = instantOf(
      {
        year: day.getUTCFullYear(),
        month: day.getUTCMonth() + 1,
        day: day.getUTCDate(),
        hour,
        minute,
      },
      schedule.timezone,
    );
    if (candidate.getTime() > from.getTime()) return candidate;
  }
  return null;
}

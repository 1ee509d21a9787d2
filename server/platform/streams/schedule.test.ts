import { describe, expect, it } from 'vitest';
import { PlatformError } from '../core/errors';
import { dateIn, nextRunAt, parseSchedule } from './schedule';

const at = (iso: string) => new Date(iso);

describe('advancedScheduleJson', () => {
  it('decodes MANUAL, INTERVAL and DAILY schedules; absent means none', () => {
    expect(parseSchedule(undefined)).toBeNull();
    expect(parseSchedule('{"type":"MANUAL","timezone":"UTC"}')).toEqual({
      type: 'MANUAL',
      timezone: 'UTC',
    });
    expect(
      parseSchedule('{"type":"INTERVAL","timezone":"UTC","intervalMinutes":15}')?.intervalMinutes,
    ).toBe(15);
    expect(parseSchedule('{"type":"DAILY","timezone":"Europe/Paris","at":"06:30"}')?.at).toBe(
      '06:30',
    );
  });

  it('refuses what is not a schedule with a 400 naming advancedScheduleJson', () => {
    for (const [json, message] of [
      ['not json', /^advancedScheduleJson: not a JSON document/],
      ['"MANUAL"', /^advancedScheduleJson: /],
      ['{"type":"MANUAL"}', /^advancedScheduleJson: timezone: /],
      ['{"timezone":"UTC"}', /^advancedScheduleJson: type: /],
      ['{"type":"HOURLY","timezone":"UTC"}', /^advancedScheduleJson: type: /],
      [
        '{"type":"MANUAL","timezone":"Mars/Olympus"}',
        /^advancedScheduleJson: timezone: expected an IANA time zone/,
      ],
      ['{"type":"INTERVAL","timezone":"UTC"}', /^advancedScheduleJson: intervalMinutes: required/],
      [
        '{"type":"INTERVAL","timezone":"UTC","intervalMinutes":0}',
        /^advancedScheduleJson: intervalMinutes: /,
      ],
      ['{"type":"DAILY","timezone":"UTC"}', /^advancedScheduleJson: at: required/],
      [
        '{"type":"DAILY","timezone":"UTC","at":"24:00"}',
        /^advancedScheduleJson: at: time as HH:MM/,
      ],
    ] as const) {
      let error: unknown;
      try {
        parseSchedule(json);
      } catch (e) {
        error = e;
      }
      expect(error, json).toBeInstanceOf(PlatformError);
      expect((error as PlatformError).status).toBe(400);
      expect((error as PlatformError).message, json).toMatch(message);
    }
  });
});

describe('next run', () => {
  it('never for MANUAL or no schedule', () => {
    expect(nextRunAt(null, at('2026-11-21T10:00:00Z'))).toBeNull();
    expect(nextRunAt({ type: 'MANUAL', timezone: 'UTC' }, at('2026-11-21T10:00:00Z'))).toBeNull();
  });

  it('INTERVAL: due at creation, then every intervalMinutes', () => {
    const schedule = { type: 'INTERVAL' as const, timezone: 'UTC', intervalMinutes: 15 };
    const now = at('2026-11-21T10:00:00Z');
    expect(nextRunAt(schedule, now, true)).toEqual(now);
    expect(nextRunAt(schedule, now)).toEqual(at('2026-11-21T10:15:00Z'));
  });

  it('DAILY: the next time the clocks of the time zone show `at`', () => {
    const paris = { type: 'DAILY' as const, timezone: 'Europe/Paris', at: '06:30' };
    expect(nextRunAt(paris, at('2026-11-21T04:00:00Z'))).toEqual(at('2026-11-21T05:30:00Z'));
    expect(nextRunAt(paris, at('2026-11-21T05:30:00Z'))).toEqual(at('2026-11-22T05:30:00Z'));
    expect(nextRunAt(paris, at('2026-07-01T12:00:00Z'))).toEqual(at('2026-07-02T04:30:00Z'));
    // across the change to summer time (29 March 2026 in Paris)
    expect(nextRunAt(paris, at('2026-03-28T06:00:00Z'))).toEqual(at('2026-03-29T04:30:00Z'));
    const tokyo = { type: 'DAILY' as const, timezone: 'Asia/Tokyo', at: '00:15' };
    expect(nextRunAt(tokyo, at('2026-11-21T16:00:00Z'))).toEqual(at('2026-11-22T15:15:00Z'));
    expect(nextRunAt(tokyo, at('2026-11-21T15:00:00Z'))).toEqual(at('2026-11-21T15:15:00Z'));
  });

  it("dates an execution in the schedule's time zone", () => {
    expect(dateIn(at('2026-11-21T23:30:00Z'))).toBe('2026-11-21');
    expect(dateIn(at('2026-11-21T23:30:00Z'), 'Asia/Tokyo')).toBe('2026-11-22');
    expect(dateIn(at('2026-11-21T03:30:00Z'), 'America/Los_Angeles')).toBe('2026-11-20');
  });
});

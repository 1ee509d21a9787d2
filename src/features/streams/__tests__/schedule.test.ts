import { describe, expect, it } from 'vitest';
import { advancedSchedule } from '../../../api/contract/streams';
import { timeZoneOptions, toAdvancedSchedule, toAdvancedScheduleJson } from '../model/schedule';
import type { ScheduleValues } from '../model/wizard-values';

const schedule = (overrides: Partial<ScheduleValues>): ScheduleValues => ({
  type: 'MANUAL',
  intervalMinutes: '60',
  at: '06:00',
  timezone: 'UTC',
  ...overrides,
});

describe('schedule → advancedScheduleJson', () => {
  it('MANUAL carries its type and time zone only', () => {
    expect(toAdvancedScheduleJson(schedule({ timezone: 'Europe/Paris' }))).toBe(
      '{"type":"MANUAL","timezone":"Europe/Paris"}',
    );
  });

  it('INTERVAL carries the minutes as a number', () => {
    expect(
      toAdvancedScheduleJson(
        schedule({ type: 'INTERVAL', intervalMinutes: '15', timezone: 'America/New_York' }),
      ),
    ).toBe('{"type":"INTERVAL","timezone":"America/New_York","intervalMinutes":15}');
  });

  it('DAILY carries the time of day as HH:MM', () => {
    expect(
      toAdvancedScheduleJson(schedule({ type: 'DAILY', at: '23:05', timezone: 'Asia/Tokyo' })),
    ).toBe('{"type":"DAILY","timezone":"Asia/Tokyo","at":"23:05"}');
  });

  it('never sends the inputs of the other types', () => {
    const sent = toAdvancedSchedule(schedule({ type: 'DAILY', intervalMinutes: '5', at: '07:30' }));
    expect(sent).not.toHaveProperty('intervalMinutes');
    expect(toAdvancedSchedule(schedule({ type: 'INTERVAL' }))).not.toHaveProperty('at');
  });

  it.each([
    schedule({}),
    schedule({ type: 'INTERVAL', intervalMinutes: '10080', timezone: 'Australia/Sydney' }),
    schedule({ type: 'DAILY', at: '00:00', timezone: 'UTC' }),
  ])('is what the contract accepts: %o', (values) => {
    expect(advancedSchedule.safeParse(JSON.parse(toAdvancedScheduleJson(values))).success).toBe(
      true,
    );
  });
});

describe('time zones', () => {
  it('offers UTC first, then the IANA zones, and always the given zone', () => {
    const zones = timeZoneOptions('Etc/Custom');
    expect(zones[0]).toBe('UTC');
    expect(zones).toContain('Europe/Paris');
    expect(zones).toContain('Etc/Custom');
    expect(new Set(zones).size).toBe(zones.length);
  });
});

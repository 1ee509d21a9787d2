import { describe, expect, it } from 'vitest';
import { placeOfPlatformError } from '../model/platform-error';

describe('which step a platform message is about', () => {
  it.each([
    [
      'configuration.dataFileId: no data file 9',
      'configuration',
      'configuration.dataFileId',
      'no data file 9',
    ],
    [
      'transport.version: data-file has version 1, not "3"',
      'connector',
      'version',
      'data-file has version 1, not "3"',
    ],
    [
      'transport.description: unknown connector "x"',
      'connector',
      'connectorKey',
      'unknown connector "x"',
    ],
    ['account.id: no account 99', 'account', 'accountId', 'no account 99'],
    ['updateMethod: Invalid option', 'update-method', 'updateMethod', 'Invalid option'],
    ['advancedScheduleJson: at: time as HH:MM', 'schedule', 'schedule.at', 'time as HH:MM'],
    [
      'advancedScheduleJson: not a JSON document',
      'schedule',
      'schedule.type',
      'not a JSON document',
    ],
    ['dataSource.name: Too small', 'dataset', 'dataset.name', 'Too small'],
  ])('%s', (message, step, field, detail) => {
    expect(placeOfPlatformError(message)).toEqual({ step, field, message: detail });
  });

  it('a message that names no field has no place', () => {
    expect(placeOfPlatformError('Something broke')).toBeUndefined();
    expect(placeOfPlatformError('owner: not yours')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { createStreamBody } from '../../../api/contract/streams';
import { buildCreateStreamBody } from '../model/request-body';
import { emptyWizardValues, type WizardValues } from '../model/wizard-values';
import { dataFileConnector, httpCsvConnector } from './data';

const values = (overrides: Partial<WizardValues> = {}): WizardValues => ({
  ...emptyWizardValues('Europe/Paris'),
  connectorKey: 'data-file',
  version: '1',
  configuration: { dataFileId: '3' },
  accountId: '4',
  updateMethod: 'APPEND',
  dataset: { name: '  Regional targets ', description: 'From the CSV' },
  ...overrides,
});

describe('the create-stream request body', () => {
  it('is exactly the JSON of spec 4.3', () => {
    const body = buildCreateStreamBody(values(), dataFileConnector);
    expect(JSON.stringify(body, null, 2)).toBe(
      `{
  "transport": {
    "type": "CONNECTOR",
    "description": "data-file",
    "version": "1"
  },
  "configuration": [
    {
      "name": "dataFileId",
      "value": "3",
      "type": "string",
      "category": "METADATA"
    }
  ],
  "account": {
    "id": 4
  },
  "updateMethod": "APPEND",
  "dataProvider": {
    "key": "data-file"
  },
  "dataSource": {
    "name": "Regional targets",
    "description": "From the CSV"
  },
  "advancedScheduleJson": "{\\"type\\":\\"MANUAL\\",\\"timezone\\":\\"Europe/Paris\\"}"
}`,
    );
    expect(createStreamBody.parse(body)).toEqual(body);
  });

  it("sends only the chosen connector's fields that have a value, trimmed", () => {
    const body = buildCreateStreamBody(
      values({
        connectorKey: 'http-csv',
        version: '2',
        configuration: { dataFileId: '3', url: ' https://example.com/a.csv ', timeoutSeconds: '' },
        updateMethod: 'REPLACE',
        schedule: { type: 'INTERVAL', intervalMinutes: '30', at: '06:00', timezone: 'UTC' },
      }),
      httpCsvConnector,
    );
    expect(body.configuration).toEqual([
      { name: 'url', value: 'https://example.com/a.csv', type: 'string', category: 'METADATA' },
    ]);
    expect(body.transport).toEqual({ type: 'CONNECTOR', description: 'http-csv', version: '2' });
    expect(body.updateMethod).toBe('REPLACE');
    expect(body.advancedScheduleJson).toBe(
      '{"type":"INTERVAL","timezone":"UTC","intervalMinutes":30}',
    );
  });

  it('refuses to build without an update method', () => {
    expect(() => buildCreateStreamBody(values({ updateMethod: '' }), dataFileConnector)).toThrow();
  });
});

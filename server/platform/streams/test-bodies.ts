// Request bodies for tests, benchmarks and browser journeys: no test runner is needed to import them.

/** A create-stream body (4.3) for a connector, with `configuration` given as name → value. */
export function streamBody(
  connector: string,
  settings: Record<string, string>,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const account = { 'data-file': 1, 'document-store': 2, 'http-csv': 3 }[connector] ?? 1;
  return {
    transport: { type: 'CONNECTOR', description: connector, version: '1' },
    configuration: Object.entries(settings).map(([name, value]) => ({
      name,
      value,
      type: 'string',
      category: 'METADATA',
    })),
    account: { id: account },
    updateMethod: 'REPLACE',
    dataProvider: { key: connector },
    dataSource: { name: `From ${connector}`, description: 'made by a test' },
    advancedScheduleJson: JSON.stringify({ type: 'MANUAL', timezone: 'UTC' }),
    ...overrides,
  };
}

/** A manual REPLACE stream reading uploaded data file `dataFileId` into a new dataset `name`. */
export const dataFileStream = (dataFileId: unknown, name: string) =>
  streamBody(
    'data-file',
    { dataFileId: String(dataFileId) },
    { dataSource: { name, description: '' } },
  );

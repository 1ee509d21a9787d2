import type { Stream } from '../../../api/contract';
import { useDataFile } from '../../../api/files/get-data-file';
import { useConnectors } from '../../../api/streams/get-connectors';

export interface StreamNames {
  /** The connector's label ("Data file (CSV)"); its key until the connectors are read. */
  connector: string;
  /** Each configuration item by its field's label, a data file by its name. */
  configuration: Array<{ name: string; label: string; value: string }>;
}

/** Names for what a stream points at, instead of keys and ids. */
export function useStreamNames(stream: Stream): StreamNames {
  const key = stream.transport.description || stream.dataProvider.key;
  const connectors = useConnectors();
  const connector = connectors.data?.find((c) => c.key === key);
  const rawFileId = stream.configuration.find((item) => item.name === 'dataFileId')?.value;
  const dataFileId =
    key === 'data-file' && rawFileId && /^\d+$/.test(rawFileId) ? Number(rawFileId) : undefined;
  const dataFile = useDataFile(dataFileId);
  return {
    connector: connector?.name ?? key,
    configuration: stream.configuration.map((item) => ({
      name: item.name,
      label: connector?.fields.find((f) => f.name === item.name)?.label ?? item.name,
      value: item.name === 'dataFileId' && dataFile.data ? dataFile.data.name : item.value,
    })),
  };
}

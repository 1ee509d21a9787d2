import { useAccounts } from '../../../api/streams/get-accounts';
import { useConnectors } from '../../../api/streams/get-connectors';
import { useStream } from '../../../api/streams/get-stream';
import { useDataFile } from '../../../api/files/get-data-file';
import type { Stream } from '../../../api/contract';
import { connectorKey, connectorLabel, streamName } from '../model/describe-stream';

export interface ConfigurationLine {
  name: string;
  label: string;
  value: string;
}

const dataFileIdOf = (stream: Stream | undefined) => {
  if (!stream || connectorKey(stream) !== 'data-file') return undefined;
  const raw = stream.configuration.find((item) => item.name === 'dataFileId')?.value;
  return raw && /^\d+$/.test(raw) ? Number(raw) : undefined;
};

/** The stream, with names for what it points at: connector, account, fields, data file. */
export function useStreamDetails(streamId: string) {
  const stream = useStream(streamId);
  const connectors = useConnectors();
  const accounts = useAccounts();
  const dataFileId = dataFileIdOf(stream.data);
  const dataFile = useDataFile(dataFileId);

  const s = stream.data;
  const connector = s ? connectors.data?.find((c) => c.key === connectorKey(s)) : undefined;
  const account = s ? accounts.data?.find((a) => a.id === s.account.id) : undefined;
  const configuration: ConfigurationLine[] = (s?.configuration ?? []).map((item) => {
    const label = connector?.fields.find((f) => f.name === item.name)?.label ?? item.name;
    if (item.name === 'dataFileId' && dataFileId !== undefined)
      return {
        name: item.name,
        label,
        value: dataFile.data
          ? dataFile.data.name
          : dataFile.isError
            ? `Data file ${item.value} (cannot be read)`
            : '…',
      };
    return { name: item.name, label, value: item.value };
  });

  return {
    stream,
    name: s ? streamName(s, connectors.data) : '',
    connectorName: s ? connectorLabel(connectorKey(s), connectors.data) : '',
    accountName: s ? (account?.name ?? `Account ${s.account.id}`) : '',
    configuration,
  };
}

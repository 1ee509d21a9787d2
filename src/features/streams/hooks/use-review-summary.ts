import { useQuery } from '@tanstack/react-query';
import type { Account, Connector } from '../../../api/contract/streams';
import { collectionQueryOptions } from '../../../api/datastores';
import { dataFilesQueryOptions } from '../../../api/files/get-data-files';
import { updateMethodInWords } from '../../../api/streams/stream-words';
import { describeSchedule } from '../model/schedule';
import type { StepId } from '../model/steps';
import type { WizardValues } from '../model/wizard-values';
import { DATA_FILE_LIST } from './use-data-file-choice';

export interface SummaryItem {
  step: StepId;
  label: string;
  value: string;
}

/** What the review shows a person: names where the request carries ids. */
export function useReviewSummary(
  values: WizardValues,
  connector: Connector | undefined,
  accounts: Account[] | undefined,
): SummaryItem[] {
  const usesDataFile = connector?.fields.some((f) => f.name === 'dataFileId') ?? false;
  const files = useQuery({ ...dataFilesQueryOptions(DATA_FILE_LIST), enabled: usesDataFile });
  const usesCollection = connector?.fields.some((f) => f.name === 'collectionId') ?? false;
  const collectionId = usesCollection ? (values.configuration.collectionId ?? '') : '';
  const collection = useQuery({
    ...collectionQueryOptions(collectionId),
    enabled: collectionId !== '',
  });
  if (!connector) return [];

  const configValue = (name: string, value: string) => {
    if (name === 'dataFileId' && usesDataFile) {
      const file = files.data?.find((f) => String(f.dataFileId) === value);
      if (file) return `${file.name} (data file ${value})`;
    }
    if (name === 'collectionId' && collection.data?.id === value)
      return `${collection.data.name} (collection ${value})`;
    return value;
  };
  const account = accounts?.find((a) => String(a.id) === values.accountId);

  return [
    {
      step: 'connector',
      label: 'Connector',
      value: `${connector.name}, version ${values.version}`,
    },
    ...connector.fields.map((field) => {
      const value = values.configuration[field.name]?.trim() ?? '';
      return {
        step: 'configuration' as const,
        label: field.label,
        value: value ? configValue(field.name, value) : 'not set',
      };
    }),
    {
      step: 'account',
      label: 'Account',
      value: account ? `${account.name} (${account.id})` : values.accountId,
    },
    {
      step: 'update-method',
      label: 'Update method',
      value: values.updateMethod ? updateMethodInWords(values.updateMethod) : '',
    },
    { step: 'schedule', label: 'Schedule', value: describeSchedule(values.schedule) },
    { step: 'dataset', label: 'Dataset name', value: values.dataset.name.trim() },
    {
      step: 'dataset',
      label: 'Description',
      value: values.dataset.description.trim() || 'none',
    },
  ];
}

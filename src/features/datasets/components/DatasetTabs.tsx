import { LinkTabs } from '../../../components';
import type { DatasetTab } from '../../../lib/paths';

export const datasetTabs: { path: DatasetTab; label: string }[] = [
  { path: '', label: 'Overview' },
  { path: 'rows', label: 'Rows' },
  { path: 'sharing', label: 'Sharing' },
  { path: 'certification', label: 'Certification' },
  { path: 'partitions', label: 'Partitions' },
  { path: 'exports', label: 'Exports' },
  { path: 'history', label: 'History' },
];

export const datasetTabId = (path: string) => `dataset-tab-${path || 'overview'}`;
export const DATASET_TABPANEL_ID = 'dataset-tabpanel';

export function DatasetTabs({ current }: { current: string }) {
  return (
    <LinkTabs
      label="Dataset sections"
      tabs={datasetTabs.map((tab) => ({
        value: tab.path,
        label: tab.label,
        to: tab.path || '.',
        id: datasetTabId(tab.path),
      }))}
      current={current}
      panelId={DATASET_TABPANEL_ID}
    />
  );
}

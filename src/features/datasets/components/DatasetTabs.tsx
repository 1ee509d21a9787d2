import { Link as RouterLink } from 'react-router';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { DatasetTab } from '../paths';

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
    <Tabs
      value={datasetTabs.some((t) => t.path === current) ? current : false}
      aria-label="Dataset sections"
      variant="scrollable"
      allowScrollButtonsMobile
      sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
    >
      {datasetTabs.map((tab) => (
        <Tab
          key={tab.path}
          value={tab.path}
          label={tab.label}
          component={RouterLink}
          to={tab.path || '.'}
          id={datasetTabId(tab.path)}
          aria-controls={DATASET_TABPANEL_ID}
        />
      ))}
    </Tabs>
  );
}

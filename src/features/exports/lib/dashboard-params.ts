import { param } from '../../../lib/list-params';
import { timeRanges } from './overview';

export const statusFilters = ['all', 'running', 'success', 'failed'] as const;
export type StatusFilter = (typeof statusFilters)[number];

/** The dashboard's filters in the URL: `status`, `range`, `q` (dataset name), `page`. */
export const dashboardSpec = {
  status: param.oneOf(statusFilters, 'all'),
  range: param.oneOf(timeRanges, '7d'),
  q: param.search(),
  page: param.page(),
};

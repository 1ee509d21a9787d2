import { runStatus, type RunStatus } from '../../../api/contract';
import { param, type ListState } from '../../../lib/list-params';
import { runSorts, timeRanges, type RunQuery } from './runs';

/** The workflows list in the URL: a name search (`q`) and the page. */
export const workflowsSpec = { q: param.search(), page: param.page() };

/** A local time as a datetime-local field writes it: 2026-11-25T14:05. */
const localTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** A workflow's runs in the URL: status (several), time range, sort and page. */
export const runsSpec = {
  status: param.custom<RunStatus[]>({
    read: (raw) =>
      (raw ?? '').split(',').filter((x): x is RunStatus => runStatus.safeParse(x).success),
    write: (statuses) => statuses.join(',') || null,
  }),
  range: param.oneOf(timeRanges, 'all'),
  /** The fields' own text, as the URL holds it. */
  from: param.text(),
  to: param.text(),
  sort: param.sortField(runSorts, 'started'),
  dir: param.direction('desc'),
  page: param.page(),
};

/** What "Clear the filters" writes. */
export const noRunFilters = {
  status: [],
  range: 'all',
  from: '',
  to: '',
} satisfies Partial<ListState<typeof runsSpec>>;

const timeOf = (text: string) => (localTime.test(text) ? new Date(text).getTime() : undefined);

/** The runs the URL asks for. */
export const runQuery = (params: ListState<typeof runsSpec>): RunQuery => ({
  statuses: params.status,
  range: params.range,
  from: timeOf(params.from),
  to: timeOf(params.to),
  sort: params.sort,
  direction: params.dir,
});

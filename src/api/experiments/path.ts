import { path } from '../http';

/** docs/platform-gaps.md: the embedded platform's own paths for prompt experiments. */
export const EXPERIMENTS_PATH = '/api/ai/v1/experiments';

export const experimentApiPath = (id: string) => `${EXPERIMENTS_PATH}${path`/${id}`}`;

/** Every case and cell as CSV: a plain link, which the browser downloads. */
export const experimentCsvPath = (id: string) => `${experimentApiPath(id)}/results.csv`;

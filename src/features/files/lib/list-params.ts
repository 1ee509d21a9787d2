import { param } from '../../../lib/list-params';

/** The data files list in the URL: `q` (name), `page` (1-based) and `pageSize`. */
export const dataFileListSpec = {
  q: param.search(),
  page: param.page(),
  pageSize: param.size([10, 25, 50, 100], 25),
};

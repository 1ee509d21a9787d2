import type { DatasetListParams } from '../contract/datasets';

/** One page of the dataset list: what its key and its request are made of. */
export interface DatasetPageParams {
  /** 0-based. */
  page: number;
  pageSize: number;
  nameLike?: string;
  sort?: DatasetListParams['sort'];
  order?: DatasetListParams['order'];
}

/** One page of a dataset's rows. */
export interface RowsParams {
  page: number;
  pageSize: number;
  sort?: { column: string; direction: 'asc' | 'desc' };
}

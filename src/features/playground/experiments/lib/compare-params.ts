import { EXPERIMENT_LIMITS } from '../../../../api/contract';
import { param, type Param } from '../../../../lib/list-params';

const variantOf: Param<number> = {
  read: (raw) => {
    const n = Number(raw);
    return raw !== null && Number.isInteger(n) && n >= 0 && n < EXPERIMENT_LIMITS.variants ? n : 0;
  },
  write: (value) => (value === 0 ? null : String(value)),
  resetsPage: false,
};

/** Two experiments compared: which ones, each one's variant, whether to mark differences, page. */
export const compareSpec = {
  a: param.id(),
  b: param.id(),
  va: variantOf,
  vb: variantOf,
  diff: param.flag(),
  page: param.page(),
};

export const COMPARE_PAGE_SIZE = 20;

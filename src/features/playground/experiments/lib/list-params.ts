import { cellStates, experimentStates, EXPERIMENT_LIMITS } from '../../../../api/contract';
import type { ResultsParams } from '../../../../api/experiments';
import { param, type ListState, type Param } from '../../../../lib/list-params';

/** The experiments list in the URL: a name search, the state, the sort and the page. */
export const experimentsSpec = {
  q: param.search(),
  state: param.optional(experimentStates),
  sort: param.sort(['name', 'created', 'state']),
  page: param.page(),
};

/** A variant's or a scorer's position; `fallback` (and anything else) leaves the URL. */
const position = <T extends number | null>(fallback: T, max: number): Param<number | T> => ({
  read: (raw) => {
    const n = Number(raw);
    return raw !== null && raw !== '' && Number.isInteger(n) && n >= 0 && n < max ? n : fallback;
  },
  write: (value) => (value === fallback || value === null ? null : String(value)),
});

/** A score bound, 0 to 1, as typed; anything else reads as none. */
const bound = (): Param<string> => ({
  read: (raw) => {
    const n = Number(raw);
    return raw !== null && raw !== '' && n >= 0 && n <= 1 ? raw : '';
  },
  write: (value) => value.trim() || null,
  replace: true,
});

/**
 * The matrix in the URL: whose score it sorts and filters by (a variant and a scorer), the
 * bounds, the cell state of that variant, the order and the page.
 */
export const resultsSpec = {
  variant: position(0, EXPERIMENT_LIMITS.variants),
  scorer: position(null, EXPERIMENT_LIMITS.scorers),
  sort: param.oneOf(['case', 'score'], 'case'),
  dir: param.direction('asc'),
  min: bound(),
  max: bound(),
  state: param.optional(cellStates),
  page: param.page(),
};
export type ResultsState = ListState<typeof resultsSpec>;

export const RESULTS_PAGE_SIZE = 20;

/** The page of results the URL asks for; score order and bounds need a scorer. */
export function resultsQuery(state: ResultsState): ResultsParams {
  const scored = state.scorer !== null;
  return {
    offset: state.page * RESULTS_PAGE_SIZE,
    limit: RESULTS_PAGE_SIZE,
    variant: state.variant,
    ...(scored ? { scorer: state.scorer ?? undefined } : {}),
    sort: scored ? state.sort : 'case',
    direction: state.dir,
    ...(scored && state.min !== '' ? { minScore: Number(state.min) } : {}),
    ...(scored && state.max !== '' ? { maxScore: Number(state.max) } : {}),
    ...(state.state ? { state: state.state } : {}),
  };
}

/** What "Clear the filters" writes. */
export const noResultFilters = {
  scorer: null,
  sort: 'case',
  dir: 'asc',
  min: '',
  max: '',
  state: null,
} satisfies Partial<ResultsState>;

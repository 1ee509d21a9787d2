import { useMemo, useState } from 'react';
import type { Experiment } from '../../../../api/contract';
import { useExperiments } from '../../../../api/experiments';
import type { ListState } from '../../../../lib/list-params';
import type { experimentsSpec } from '../lib/list-params';

export const EXPERIMENTS_PAGE_SIZE = 25;

const compare = {
  name: (a: Experiment, b: Experiment) => a.name.localeCompare(b.name),
  created: (a: Experiment, b: Experiment) => a.createdAt.localeCompare(b.createdAt),
  state: (a: Experiment, b: Experiment) => a.state.localeCompare(b.state),
};

/**
 * The experiments the caller may see, those the URL's search and state keep, in its order (the
 * platform's, newest first, when it names none), the page of them, and the two picked to compare.
 */
export function useExperimentsList({ q, state, sort, page }: ListState<typeof experimentsSpec>) {
  const experiments = useExperiments();
  const [picked, setPicked] = useState<string[]>([]);

  const matching = useMemo(() => {
    const needle = q.toLowerCase();
    const kept = (experiments.data ?? []).filter(
      (e) => (!needle || e.name.toLowerCase().includes(needle)) && (!state || e.state === state),
    );
    if (!sort) return kept;
    const order = sort.direction === 'asc' ? 1 : -1;
    return [...kept].sort((a, b) => order * compare[sort.field](a, b));
  }, [experiments.data, q, state, sort]);

  // A third pick replaces the older of the two.
  const toggle = (id: string) =>
    setPicked((now) => (now.includes(id) ? now.filter((x) => x !== id) : [...now, id].slice(-2)));

  return {
    experiments,
    total: experiments.data?.length ?? 0,
    matching,
    shown: matching.slice(page * EXPERIMENTS_PAGE_SIZE, (page + 1) * EXPERIMENTS_PAGE_SIZE),
    picked,
    toggle,
  };
}

import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  experimentKeys,
  isExperimentActive,
  useCancelExperiment,
  useExperiment,
  useExperimentResults,
  useRunCell,
} from '../../../../api/experiments';
import { useListController } from '../../../../hooks/use-list-controller';
import { resultsQuery, resultsSpec } from '../lib/list-params';

/**
 * An experiment's page: the experiment (read every second while it runs), the page of its matrix
 * the URL asks for (read again with it), cancel, and a failed cell run again.
 */
export function useExperimentResultsPage(id: string) {
  const experiment = useExperiment(id);
  const active = isExperimentActive(experiment.data);
  const list = useListController(resultsSpec);
  const query = resultsQuery(list.params);
  // A cell run again after the end: the page is read again until that cell has its answer.
  const [rerunning, setRerunning] = useState(false);
  const results = useExperimentResults(id, query, {
    live: active || rerunning,
    enabled: experiment.data !== undefined,
  });
  // The last cells may finish after the page's last read: once the run ends, read it again.
  const queryClient = useQueryClient();
  const wasActive = useRef(active);
  useEffect(() => {
    if (wasActive.current && !active)
      void queryClient.invalidateQueries({ queryKey: [...experimentKeys.detail(id), 'results'] });
    wasActive.current = active;
  }, [active, id, queryClient]);
  const cancel = useCancelExperiment();
  const runCell = useRunCell();

  const stillRunning =
    rerunning &&
    results.data?.cases.some((c) =>
      c.cells.some((cell) => cell.state === 'PENDING' || cell.state === 'RUNNING'),
    );
  if (rerunning && results.data && !stillRunning && !runCell.isPending && !results.isFetching)
    setRerunning(false);

  return {
    experiment,
    active,
    list,
    query,
    results,
    cancel,
    runCell: (caseIndex: number, variant: number) => {
      setRerunning(true);
      runCell.mutate({ id, caseIndex, variant });
    },
    runCellState: runCell,
  };
}

import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { WorkflowRun } from '../../../api/contract';
import { isRunActive, workflowKeys } from '../../../api/workflows';

/** When the run on screen ends, its workflow's runs and the list's "last run" are read again. */
export function useRunEnded(run: WorkflowRun | undefined) {
  const queryClient = useQueryClient();
  const wasActive = useRef(false);
  const active = isRunActive(run);
  const workflowId = run?.workflowId;
  useEffect(() => {
    const ended = wasActive.current && !active;
    wasActive.current = active;
    if (!ended || !workflowId) return;
    void queryClient.invalidateQueries({ queryKey: workflowKeys.runsOf(workflowId) });
    void queryClient.invalidateQueries({ queryKey: workflowKeys.lists() });
  }, [active, workflowId, queryClient]);
}

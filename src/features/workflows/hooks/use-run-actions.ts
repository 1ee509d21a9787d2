import { useNavigate } from 'react-router';
import type { WorkflowRun } from '../../../api/contract';
import { useCancelRun, useRunWorkflow } from '../../../api/workflows';
import { useNotify } from '../../../components';
import { useConfirmMutation } from '../../../hooks/use-confirm-mutation';
import { runPath } from '../../../lib/paths';

/** Cancel (confirmed first: it cannot be undone) and Re-run with the same input. */
export function useRunActions(run: WorkflowRun | undefined) {
  const cancel = useCancelRun();
  const rerun = useRunWorkflow();
  const notify = useNotify();
  const navigate = useNavigate();
  const cancelling = useConfirmMutation(
    cancel,
    (target: WorkflowRun) => ({
      variables: target.id,
      onSuccess: () => notify.info('Cancel requested: the run stops before its next step'),
    }),
    { closeOnError: true },
  );

  return {
    askCancel: () => run && cancelling.ask(run),
    cancelDialog: cancelling.dialog,
    cancelError: cancel.error,
    rerun: () =>
      run &&
      rerun.mutate(
        { workflowId: run.workflowId, input: run.input },
        {
          onSuccess: (started) => {
            void Promise.resolve(navigate(runPath(started.id))).then(() =>
              notify.success('Started a new run with the same input'),
            );
          },
        },
      ),
    rerunning: rerun.isPending,
    rerunError: rerun.error,
  };
}

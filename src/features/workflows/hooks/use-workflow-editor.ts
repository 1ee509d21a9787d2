import { useCallback, useMemo, useReducer, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { createWorkflowBody } from '../../../api/contract';
import { useCreateWorkflow, useUpdateWorkflow } from '../../../api/workflows';
import { useNotify } from '../../../components';
import { useLeaveGuard } from '../../../hooks/use-leave-guard';
import { formatCount } from '../../../lib/format';
import { draftBody, draftReducer, sameContent, type Draft } from '../lib/draft';
import {
  checkDraft,
  hasProblems,
  mergeProblems,
  noProblems,
  platformProblems,
} from '../lib/problems';
import { workflowPath } from '../../../lib/paths';

/**
 * The editor's state: a draft that starts from the saved workflow (or nothing) and is the form's
 * and the JSON's one source. The contract's problems show once Save has been pressed; the
 * platform's 400 is placed on the step and field it names, until the draft changes.
 */
export function useWorkflowEditor(initial: Draft, workflowId?: string) {
  const [draft, dispatch] = useReducer(draftReducer, initial);
  const [baseline, setBaseline] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const create = useCreateWorkflow();
  const update = useUpdateWorkflow();
  const mutation = workflowId ? update : create;
  const notify = useNotify();
  const navigate = useNavigate();
  const leaving = useRef(false);

  const dirty = !sameContent(draft, baseline);
  const leaveGuard = useLeaveGuard(
    dirty,
    useCallback(() => leaving.current, []),
  );

  const [rejected, setRejected] = useState<{ json: string; error: unknown }>();
  const fromPlatform =
    rejected && rejected.json === draft.json + draft.name + draft.description
      ? platformProblems(rejected.error)
      : undefined;
  const clientProblems = useMemo(() => checkDraft(draft), [draft]);
  const problems = mergeProblems(submitted ? clientProblems : noProblems(), fromPlatform);
  const otherError =
    rejected &&
    !platformProblems(rejected.error) &&
    rejected.json === draft.json + draft.name + draft.description
      ? rejected.error
      : undefined;

  const save = () => {
    setSubmitted(true);
    const parsed = createWorkflowBody.safeParse(draftBody(draft));
    if (draft.jsonError || hasProblems(clientProblems) || !parsed.success) return false;
    const body = parsed.data;
    const signature = draft.json + draft.name + draft.description;
    const onError = (error: unknown) => setRejected({ json: signature, error });
    const onSuccess = (saved: { id: string; version: number; name: string }) => {
      setBaseline(draft);
      leaving.current = true;
      const message = workflowId
        ? `Saved “${saved.name}” as version ${formatCount(saved.version)}`
        : `Created “${saved.name}”`;
      // A toast belongs to the screen it is raised on: raise it on the workflow's page.
      void Promise.resolve(navigate(workflowPath(saved.id))).then(() => notify.success(message));
    };
    if (workflowId) update.mutate({ id: workflowId, changes: body }, { onSuccess, onError });
    else create.mutate(body, { onSuccess, onError });
    return true;
  };

  return {
    draft,
    dispatch,
    problems,
    dirty,
    save,
    saving: mutation.isPending,
    submitted,
    clientProblemCount: submitted ? countProblems(clientProblems) : 0,
    saveError: otherError,
    leaveGuard,
  };
}

function countProblems(p: ReturnType<typeof checkDraft>) {
  const inner = (x: Record<number, Record<string, string>>) =>
    Object.values(x).reduce((n, fields) => n + Object.keys(fields).length, 0);
  return (
    (p.name ? 1 : 0) + (p.description ? 1 : 0) + inner(p.steps) + inner(p.inputs) + p.general.length
  );
}

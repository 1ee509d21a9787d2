import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import type { WorkflowInput } from '../../../api/contract';
import { useRunWorkflow } from '../../../api/workflows';
import { inputFormSchema, initialValues, toRunInput, type InputValues } from '../lib/run-input';
import { runPath } from '../../../lib/paths';

/** Run: a form of the declared inputs; once the platform has queued the run, its page opens. */
export function useRunForm(workflowId: string, inputs: WorkflowInput[]) {
  const schema = useMemo(() => inputFormSchema(inputs), [inputs]);
  const form = useForm<InputValues>({
    resolver: zodResolver(schema) as never,
    defaultValues: initialValues(inputs),
  });
  const run = useRunWorkflow();
  const navigate = useNavigate();
  const submit = form.handleSubmit((values) =>
    run.mutate(
      { workflowId, input: toRunInput(inputs, values) },
      { onSuccess: (started) => void navigate(runPath(started.id)) },
    ),
  );
  return { form, submit, starting: run.isPending, error: run.error };
}

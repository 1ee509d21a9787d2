import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Dataset } from '../../../api/contract';
import { useCreateExport, type CreateExportResult } from '../../../api/exports';
import {
  exportForm,
  exportFormDefaults,
  toCreateExportBody,
  type ExportFormValues,
} from '../lib/export-form';

/**
 * The Exports tab's form. Pessimistic (an export has side effects); the access key and secret
 * are cleared as soon as the request is sent, whatever its answer, so they live no longer than
 * the one request. The answer is a notice on the tab, not a toast (which covered the form's help
 * text): an export started, or one the platform already had (rule 4.6a).
 */
export function useExportForm(dataset: Dataset) {
  const create = useCreateExport();
  const [outcome, setOutcome] = useState<CreateExportResult>();
  const form = useForm<ExportFormValues>({
    resolver: zodResolver(exportForm),
    defaultValues: exportFormDefaults,
  });

  const submit = form.handleSubmit((values) => {
    setOutcome(undefined);
    const body = toCreateExportBody(values);
    form.setValue('awsAccessKey', '');
    form.setValue('awsAccessSecret', '');
    create.mutate(
      { datasetId: dataset.id, body },
      {
        onSuccess: setOutcome,
      },
    );
  });

  return {
    form,
    submit,
    pending: create.isPending,
    error: create.error,
    outcome,
    dismissOutcome: () => setOutcome(undefined),
  };
}

export type ExportFormState = ReturnType<typeof useExportForm>;

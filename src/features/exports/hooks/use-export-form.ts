import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Dataset } from '../../../api/contract';
import { useCreateExport, type CreateExportResult } from '../../../api/exports';
import { useNotify } from '../../../components';
import {
  exportForm,
  exportFormDefaults,
  toCreateExportBody,
  type ExportFormValues,
} from '../lib/export-form';

/**
 * The Exports tab's form. Pessimistic (an export has side effects); the access key and secret
 * are cleared as soon as the request is sent, whatever its answer, so they live no longer than
 * the one request. The platform may answer with an export it already had (rule 4.6a): that is a
 * notice on the tab, not a toast, since the user must understand no new export was started.
 */
export function useExportForm(dataset: Dataset) {
  const create = useCreateExport();
  const notify = useNotify();
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
        onSuccess: (result) => {
          setOutcome(result);
          if (result.kind === 'started') notify.success(`Export of “${dataset.name}” started`);
        },
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

import { useState } from 'react';
import type { Dataset } from '../../../api/contract';
import { useCertifyDataset, useRemoveCertification } from '../../../api/datasets';
import { useNotify } from '../../../components';

export type CertificationAction = 'certify' | 'remove';

/** Certify or remove the certification (4.9), each after a confirm; errors stay in the dialog. */
export function useCertificationActions(dataset: Dataset) {
  const [action, setAction] = useState<CertificationAction>('certify');
  const [open, setOpen] = useState(false);
  const certify = useCertifyDataset();
  const remove = useRemoveCertification();
  const notify = useNotify();
  const mutation = action === 'certify' ? certify : remove;

  const ask = (next: CertificationAction) => {
    certify.reset();
    remove.reset();
    setAction(next);
    setOpen(true);
  };

  const confirm = () => {
    const done = () => setOpen(false);
    if (action === 'certify')
      certify.mutate(
        { datasetId: dataset.id },
        {
          onSuccess: () => {
            // The platform's own message names a type and an id: say it with the name.
            notify.success(`${dataset.name} is certified`);
            done();
          },
        },
      );
    else
      remove.mutate(
        { datasetId: dataset.id },
        {
          onSuccess: () => {
            notify.success(`${dataset.name} is no longer certified`);
            done();
          },
        },
      );
  };

  return {
    action,
    open,
    ask,
    confirm,
    cancel: () => {
      if (!mutation.isPending) setOpen(false);
    },
    pending: mutation.isPending,
    error: mutation.error,
  };
}

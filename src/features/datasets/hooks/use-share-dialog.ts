import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { Dataset, ShareBody } from '../../../api/contract';
import { accessLevel, shareType } from '../../../api/contract';
import { useShareDataset } from '../../../api/datasets';
import { useNotify } from '../../../components';
import { LEAST_ACCESS, listNames, type Principal } from '../components/access-levels';
import { usePrincipalSearch } from './use-principal-search';
import { useShareRecipients } from './use-share-recipients';

const principal = z.object({
  type: shareType,
  id: z.string(),
  name: z.string(),
  detail: z.string(),
  memberCount: z.number().optional(),
});

export const shareForm = z.object({
  principals: z.array(principal).min(1, 'Pick at least one person or group'),
  accessLevel,
  sendEmail: z.boolean(),
});
export type ShareFormValues = z.infer<typeof shareForm>;

const defaults: ShareFormValues = { principals: [], accessLevel: LEAST_ACCESS, sendEmail: false };

export const toShareBody = (values: ShareFormValues): ShareBody => ({
  permissions: values.principals.map((p) => ({
    id: p.id,
    type: p.type,
    accessLevel: values.accessLevel,
  })),
  sendEmail: values.sendEmail,
});

/**
 * The Share dialog: pick people and groups and an access level; with "Send email", a second step
 * names who will be notified before anything is sent. Pessimistic: the dialog stays open, with
 * the platform's error, until the share is recorded.
 */
export function useShareDialog(dataset: Dataset) {
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<'pick' | 'confirm'>('pick');
  const share = useShareDataset();
  const notify = useNotify();
  const form = useForm<ShareFormValues>({
    resolver: zodResolver(shareForm),
    defaultValues: defaults,
  });
  const principals: Principal[] = useWatch({ control: form.control, name: 'principals' });
  const recipients = useShareRecipients(principals, open && step === 'confirm');
  const search = usePrincipalSearch({ enabled: open });

  const send = (values: ShareFormValues) =>
    share.mutate(
      { datasetId: dataset.id, share: toShareBody(values) },
      {
        onSuccess: () => {
          const names = listNames(values.principals.map((p) => p.name));
          notify.success(
            values.sendEmail ? `Shared with ${names}; notifications sent` : `Shared with ${names}`,
          );
          setOpen(false);
        },
      },
    );

  const submit = form.handleSubmit((values) => {
    if (values.sendEmail && step === 'pick') {
      share.reset();
      setStep('confirm');
    } else send(values);
  });

  return {
    open,
    step,
    openDialog: () => {
      form.reset(defaults);
      share.reset();
      setStep('pick');
      setOpen(true);
    },
    close: () => {
      if (!share.isPending) setOpen(false);
    },
    back: () => {
      share.reset();
      setStep('pick');
    },
    form,
    submit,
    recipients,
    search,
    sharing: share.isPending,
    error: share.error,
  };
}

export type ShareDialogState = ReturnType<typeof useShareDialog>;

import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import Button from '@mui/material/Button';
import ShareIcon from '@mui/icons-material/Share';
import { useOutbox, usePermissions } from '../../../api/datasets';
import { ConfirmDialog, EmptyState, GuardedAction, PageState } from '../../../components';
import { principalKey, principalName, type AccessLevel } from '../components/access-levels';
import { OutboxTable } from '../components/OutboxTable';
import { PermissionsTable } from '../components/PermissionsTable';
import { Section } from '../../../components/Section';
import { ShareDialog } from '../components/ShareDialog';
import { useDatasetContext } from '../hooks/use-dataset-context';
import { useChangeAccess } from '../hooks/use-change-access';
import { useRemoveAccess } from '../hooks/use-remove-access';
import { useShareDialog } from '../hooks/use-share-dialog';
import { useSharingGuards } from '../hooks/use-sharing-guards';

export function SharingTab() {
  const { dataset } = useDatasetContext();
  const permissions = usePermissions(dataset.id);
  const outbox = useOutbox(dataset.id);
  const share = useShareDialog(dataset);
  const removal = useRemoveAccess(dataset.id);
  const access = useChangeAccess(dataset.id);
  const guards = useSharingGuards(dataset.id);
  const current = useMemo(
    () =>
      new Map<string, AccessLevel>(
        (permissions.data ?? []).map((p) => [principalKey(p), p.accessLevel]),
      ),
    [permissions.data],
  );

  return (
    <>
      <Section
        title="Access"
        description="People and groups this dataset is shared with."
        actions={
          <GuardedAction datasetId={dataset.id} operation="share">
            <Button variant="contained" startIcon={<ShareIcon />} onClick={share.openDialog}>
              Share
            </Button>
          </GuardedAction>
        }
      >
        <PageState query={permissions} loading={{ label: 'Loading access', rows: 3 }}>
          {(shares) => (
            <>
              <PermissionsTable
                owner={dataset.owner}
                permissions={shares}
                access={access}
                guards={guards}
                onRemove={removal.ask}
              />
              {shares.length === 0 && (
                <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
                  Only the owner has access: share it to give people or groups access.
                </Typography>
              )}
            </>
          )}
        </PageState>
      </Section>

      <Section
        title="Notifications sent"
        description="Emails written when the dataset was shared with “Send email”, newest first."
      >
        <PageState
          query={outbox}
          loading={{ label: 'Loading notifications', rows: 3 }}
          empty={(messages) =>
            messages.length === 0 && (
              <EmptyState title="No notifications sent for this dataset yet" />
            )
          }
        >
          {(messages) => <OutboxTable messages={messages} />}
        </PageState>
      </Section>

      <ShareDialog
        dialog={share}
        dataset={dataset}
        current={current}
        grantable={guards.grantable}
      />
      <ConfirmDialog
        {...removal.dialog}
        title={removal.target ? `Remove access for ${principalName(removal.target)}?` : ''}
        confirmLabel="Remove access"
        destructive
        errorTitle="Access was not removed"
      >
        {removal.target?.type === 'GROUP'
          ? `Its members lose the access the group gave them to “${dataset.name}”.`
          : `They lose access to “${dataset.name}”, unless a group they belong to still gives it.`}
      </ConfirmDialog>
    </>
  );
}

import Stack from '@mui/material/Stack';
import { useCertification } from '../../../api/datasets';
import { ConfirmDialog, ErrorState, PageState } from '../../../components';
import { CertificationPanel } from '../components/CertificationPanel';
import { Section } from '../../../components/Section';
import { useCertificationActions } from '../hooks/use-certification-actions';
import { useDatasetContext } from '../hooks/use-dataset-context';

export function CertificationTab() {
  const { dataset } = useDatasetContext();
  const certification = useCertification(dataset.id);
  const actions = useCertificationActions(dataset);
  const certifying = actions.action === 'certify';

  return (
    <Section title="Certification">
      <PageState
        query={certification}
        loading={{ variant: 'details', label: 'Loading certification', rows: 2 }}
      >
        {(found) => (
          <CertificationPanel datasetId={dataset.id} certification={found} onAction={actions.ask} />
        )}
      </PageState>
      <ConfirmDialog
        open={actions.open}
        title={
          certifying
            ? `Certify “${dataset.name}”?`
            : `Remove the certification of “${dataset.name}”?`
        }
        confirmLabel={certifying ? 'Certify' : 'Remove certification'}
        destructive={!certifying}
        pending={actions.pending}
        onConfirm={actions.confirm}
        onClose={actions.cancel}
      >
        <Stack spacing={2}>
          <span>
            {certifying
              ? 'Everyone who sees this dataset will see it marked as certified.'
              : 'The dataset will no longer be marked as certified. You can certify it again later.'}
          </span>
          {actions.error ? (
            <ErrorState
              error={actions.error}
              title={
                certifying ? 'The dataset was not certified' : 'The certification was not removed'
              }
            />
          ) : null}
        </Stack>
      </ConfirmDialog>
    </Section>
  );
}

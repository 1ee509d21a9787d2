import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import VerifiedIcon from '@mui/icons-material/Verified';
import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import type { CertificationState } from '../../../api/contract';
import { DateTime, DefinitionList, GuardedAction } from '../../../components';
import type { CertificationAction } from '../hooks/use-certification-actions';
import { CertifiedChip } from './CertifiedChip';
import { UserName } from '../../../components/UserName';

const certifiedBy = (metadata: CertificationState['metadata']) => {
  const by = metadata?.certifiedBy;
  return typeof by === 'number' || typeof by === 'string' ? <UserName id={by} /> : undefined;
};

export function CertificationPanel({
  datasetId,
  certification,
  onAction,
}: {
  datasetId: string;
  certification: CertificationState;
  onAction: (action: CertificationAction) => void;
}) {
  const certified = certification.state === 'ACTIVE';
  const by = certifiedBy(certification.metadata);
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={3}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <Stack
          sx={{ fontSize: 48, color: certified ? 'success.main' : 'text.disabled' }}
          aria-hidden
        >
          {certified ? (
            <VerifiedIcon fontSize="inherit" />
          ) : (
            <VerifiedOutlinedIcon fontSize="inherit" />
          )}
        </Stack>
        <Stack spacing={1.5} sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {certified
              ? 'This dataset is marked as trusted wherever it appears.'
              : 'Certify this dataset to mark it as trusted wherever it appears.'}
          </Typography>
          <DefinitionList
            items={[
              { label: 'State', value: <CertifiedChip certification={certification} /> },
              ...(certified
                ? [
                    { label: 'Certified on', value: <DateTime value={certification.updated} /> },
                    ...(by ? [{ label: 'Certified by', value: by }] : []),
                  ]
                : []),
            ]}
          />
        </Stack>
        <GuardedAction datasetId={datasetId} operation="manage">
          {certified ? (
            <Button variant="outlined" color="error" onClick={() => onAction('remove')}>
              Remove certification
            </Button>
          ) : (
            <Button
              variant="contained"
              startIcon={<VerifiedIcon />}
              onClick={() => onAction('certify')}
            >
              Certify
            </Button>
          )}
        </GuardedAction>
      </Stack>
    </Paper>
  );
}

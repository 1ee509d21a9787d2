import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ReplayIcon from '@mui/icons-material/Replay';
import type { ExportDetails } from '../../../api/contract';
import { useCreateExport } from '../../../api/exports';
import { ErrorState, GuardedAction } from '../../../components';
import { retryBody } from '../lib/export-view';
import { exportPath } from '../../../lib/paths';

/**
 * Retry a failed export: the same request again (lib/export-view.ts), as a new export whose page
 * opens. An S3 target asks for its access key and secret again, since they were never kept.
 */
export function RetryExport({ details }: { details: ExportDetails }) {
  const create = useCreateExport();
  const navigate = useNavigate();
  const [key, setKey] = useState('');
  const [secret, setSecret] = useState('');
  const s3 = details.target.kind === 's3';
  const result = create.data;

  const retry = () => {
    const body = retryBody(
      details,
      s3 ? { awsAccessKey: key, awsAccessSecret: secret } : undefined,
    );
    setKey('');
    setSecret('');
    create.mutate(
      { datasetId: details.datasetId, body },
      {
        onSuccess: ({ record, kind }) => {
          if (kind === 'started') void navigate(exportPath(details.datasetId, record.exportId));
        },
      },
    );
  };

  const keyFields = [
    {
      label: 'Access key',
      autoComplete: 'off',
      value: key,
      set: setKey,
      help: 'The bucket’s keys were not kept: enter them again',
    },
    {
      label: 'Secret',
      autoComplete: 'new-password',
      value: secret,
      set: setSecret,
      help: 'Sent with this request only',
    },
  ];

  return (
    <Box
      component="form"
      aria-label="Retry the export"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        retry();
      }}
    >
      <Stack spacing={2}>
        {s3 && (
          <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }}>
            {keyFields.map((f) => (
              <TextField
                key={f.label}
                label={f.label}
                type="password"
                autoComplete={f.autoComplete}
                value={f.value}
                onChange={(e) => f.set(e.target.value)}
                helperText={f.help}
                sx={{ flex: '1 1 240px' }}
              />
            ))}
          </Stack>
        )}
        {create.error ? (
          <ErrorState error={create.error} title="The export was not started" />
        ) : null}
        {result && result.kind !== 'started' && (
          <Alert severity="info">
            An export of this dataset is already running:{' '}
            <Link component={RouterLink} to={exportPath(details.datasetId, result.record.exportId)}>
              open it
            </Link>
            .
          </Alert>
        )}
        <div>
          <GuardedAction datasetId={details.datasetId} operation="read">
            <Button
              type="submit"
              variant="contained"
              startIcon={<ReplayIcon />}
              loading={create.isPending}
              disabled={s3 && (!key || !secret)}
            >
              Retry
            </Button>
          </GuardedAction>
        </div>
      </Stack>
    </Box>
  );
}

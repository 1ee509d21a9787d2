import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FileRevision } from '../../../api/contract/files';
import { DefinitionList, StatusChip } from '../../../components';
import { formatBytes, formatDateTime, toDate } from '../../../lib/format';
import { compareRevisions } from '../lib/revisions';

export interface RevisionCompareProps {
  /** Newest first, at least two. */
  revisions: FileRevision[];
  numbers: Map<number, number>;
}

function sizeDifference(bytes: number) {
  if (bytes === 0) return 'Same size';
  return `${formatBytes(Math.abs(bytes))} ${bytes > 0 ? 'larger' : 'smaller'}`;
}

const Match = ({ matches }: { matches: boolean }) => (
  <StatusChip label={matches ? 'Match' : 'Differ'} tone={matches ? 'success' : 'neutral'} />
);

/** Two revisions side by side: how the second's size differs, and whether the hashes match. */
export function RevisionCompare({ revisions, numbers }: RevisionCompareProps) {
  // Unpicked, they follow the oldest and the newest revision, so a new upload is compared at once.
  const [firstId, setFirstId] = useState<number | null>(null);
  const [secondId, setSecondId] = useState<number | null>(null);
  const byId = (id: number | null) => revisions.find((r) => r.dataFileRevisionId === id);
  const first = byId(firstId) ?? revisions.at(-1)!;
  const second = byId(secondId) ?? revisions[0]!;
  const result = compareRevisions(first, second);

  const label = (r: FileRevision) => {
    const at = toDate(r.datetimeUploaded);
    // The scan's flag shows here too, as in every list of revisions.
    const flag = r.scanState === 'UNSAFE' ? ' · Unsafe' : '';
    return `Revision ${numbers.get(r.dataFileRevisionId)}${at ? ` · ${formatDateTime(at)}` : ''}${flag}`;
  };
  const picker = (name: string, value: number, onChange: (id: number) => void) => (
    <TextField
      select
      size="small"
      label={name}
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
      sx={{ minWidth: 280 }}
    >
      {revisions.map((r) => (
        <MenuItem key={r.dataFileRevisionId} value={r.dataFileRevisionId}>
          {label(r)}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
        {picker('First revision', first.dataFileRevisionId, setFirstId)}
        {picker('Second revision', second.dataFileRevisionId, setSecondId)}
      </Stack>
      {first === second ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Choose two different revisions to compare them.
        </Typography>
      ) : (
        <Stack component="output" aria-label="Comparison" sx={{ display: 'block' }}>
          <DefinitionList
            items={[
              {
                label: 'Size',
                value: `${formatBytes(first.sizeBytes)} → ${formatBytes(second.sizeBytes)} (${sizeDifference(result.sizeDifference)})`,
              },
              { label: 'MD5', value: <Match matches={result.md5Matches} /> },
              { label: 'SHA-256', value: <Match matches={result.sha256Matches} /> },
            ]}
          />
        </Stack>
      )}
    </Paper>
  );
}

import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { GenerationRun } from '../../../api/contract';
import { formatCount, formatDuration } from '../../../lib/format';
import { runSettings } from '../lib/run-settings';
import { templateOf } from '../lib/draft';
import { DiffedText } from './DiffedText';

/**
 * Two runs of the history side by side: what each was sent with, the rows that differ
 * marked, and the second's template and answer with what changed from the first's.
 */
export function RunCompare({ first, second }: { first: GenerationRun; second: GenerationRun }) {
  const a = runSettings(first);
  const b = runSettings(second);
  const rows = [
    ...a.map((setting, i) => ({ label: setting.label, a: setting.value, b: b[i]!.value })),
    {
      label: 'Tokens',
      a: formatCount(first.response.usage.totalTokens),
      b: formatCount(second.response.usage.totalTokens),
    },
    {
      label: 'Duration',
      a: formatDuration(first.durationMs),
      b: formatDuration(second.durationMs),
    },
  ];
  const names = [`Run ${first.seq}`, `Run ${second.seq}`] as const;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={`${names[0]} and ${names[1]} compared`}
      sx={{ p: 2 }}
    >
      <Table size="small" aria-label="Settings compared">
        <TableHead>
          <TableRow>
            <TableCell>Setting</TableCell>
            <TableCell>{names[0]}</TableCell>
            <TableCell>{names[1]}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const differs = row.a !== row.b;
            return (
              <TableRow key={row.label} selected={differs}>
                <TableCell component="th" scope="row">
                  {row.label}
                  {differs && ' '}
                  {differs && (
                    <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>
                      (differs)
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{row.a}</TableCell>
                <TableCell>{row.b}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <Box
        sx={{ display: 'grid', gap: 2, mt: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
      >
        {[first, second].map((run, i) => (
          <Box key={run.seq} role="region" aria-label={`${names[i]} answer`}>
            <Typography variant="subtitle2" component="h4">
              {names[i]} answer
            </Typography>
            <DiffedText
              text={run.response.output}
              base={i === 1 ? first.response.output : undefined}
            />
          </Box>
        ))}
      </Box>
      {templateOf(first.request) !== templateOf(second.request) && (
        <Box role="region" aria-label="Template change" sx={{ mt: 2 }}>
          <Typography variant="subtitle2" component="h4">
            Template, {names[0]} → {names[1]}
          </Typography>
          <DiffedText text={templateOf(second.request)} base={templateOf(first.request)} />
        </Box>
      )}
    </Paper>
  );
}

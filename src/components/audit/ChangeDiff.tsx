import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { AuditChanges } from '../../api/contract/audit';
import { visuallyHidden } from '../../lib/visually-hidden';

const MAX_SHOWN = 120;

const shown = (value: unknown) => {
  if (value === null) return 'none';
  if (value === '') return '(empty)';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text;
};

/** Before → after for each field an event changed: removed text struck out, added text marked. */
export function ChangeDiff({ changes }: { changes: AuditChanges }) {
  const fields = Object.entries(changes);
  if (fields.length === 0)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        No field changed
      </Typography>
    );
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 0.25, columnGap: 1 }}
    >
      {fields.map(([field, { before, after }]) => (
        <Box key={field} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ fontWeight: 500 }}>
            {field}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, fontFamily: 'monospace', overflowWrap: 'anywhere' }}
          >
            {before !== undefined && (
              <Box
                component="del"
                sx={{
                  color: 'text.primary',
                  bgcolor: (t) => alpha(t.palette.error.main, 0.16),
                  px: 0.5,
                }}
              >
                {/* Read out, as the colour is not: `ins` and `del` may not be named (aria). */}
                <Box component="span" sx={visuallyHidden}>
                  before:{' '}
                </Box>
                {shown(before)}
              </Box>
            )}
            {before !== undefined && after !== undefined && ' → '}
            {after !== undefined && (
              <Box
                component="ins"
                sx={{
                  color: 'text.primary',
                  textDecoration: 'none',
                  bgcolor: (t) => alpha(t.palette.success.main, 0.16),
                  px: 0.5,
                }}
              >
                <Box component="span" sx={visuallyHidden}>
                  after:{' '}
                </Box>
                {shown(after)}
              </Box>
            )}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

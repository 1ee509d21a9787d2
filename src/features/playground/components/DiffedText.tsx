import { diffWords } from 'diff';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';

// Dark text on a pale tint (light theme), white on a deep one (dark): each at least 7:1, where
// white on MUI's success.light and error.light gives only 2.8:1 and 3.5:1. Added words are
// also underlined and removed ones struck through, so colour is not the only sign.
const added = (theme: Theme) => ({
  bgcolor: '#c8e6c9',
  color: '#0b2e13',
  textDecoration: 'underline',
  ...theme.applyStyles('dark', { bgcolor: '#1b5e20', color: '#ffffff' }),
});
const removed = (theme: Theme) => ({
  bgcolor: '#ffcdd2',
  color: '#4a0b0b',
  textDecoration: 'line-through',
  ...theme.applyStyles('dark', { bgcolor: '#8e1c1c', color: '#ffffff' }),
});

/** `text`, with what differs from `base` marked (added, removed); `base` absent: as it is. */
export function DiffedText({ text, base }: { text: string; base: string | undefined }) {
  if (base === undefined || base === text)
    return (
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{text}</Typography>
    );
  return (
    <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {diffWords(base, text).map((part, i) =>
        part.added ? (
          <Box key={i} component="ins" sx={added}>
            {part.value}
          </Box>
        ) : part.removed ? (
          <Box key={i} component="del" sx={removed}>
            {part.value}
          </Box>
        ) : (
          <span key={i}>{part.value}</span>
        ),
      )}
    </Typography>
  );
}

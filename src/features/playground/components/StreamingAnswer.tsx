import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useAnswerText, type AnswerText } from '../hooks/use-answer-stream';
import { answerTextSx } from './answer-text';

/**
 * The answer while the model writes it. Not a live region: a screen reader would read every
 * piece; the page's announcer says once when it is complete.
 */
export function StreamingAnswer({ text }: { text: AnswerText }) {
  const sofar = useAnswerText(text);
  return (
    <Stack spacing={1}>
      <LinearProgress aria-label="Running the prompt" />
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {sofar ? 'The model is writing…' : 'Waiting for the model…'}
      </Typography>
      {sofar && (
        <Box role="region" aria-label="Answer so far" aria-busy="true" sx={answerTextSx}>
          {sofar}
          <Box component="span" aria-hidden="true" sx={{ color: 'primary.main', ml: 0.25 }}>
            ▍
          </Box>
        </Box>
      )}
    </Stack>
  );
}

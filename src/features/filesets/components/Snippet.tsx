import Typography from '@mui/material/Typography';
import { snippetParts } from '../lib/snippet';

/** The matching passage, its hits in <mark>: drawn as text, never as HTML. */
export function Snippet({ text }: { text: string }) {
  return (
    <Typography
      variant="body2"
      sx={{
        color: 'text.secondary',
        overflowWrap: 'anywhere',
        '& mark': { px: 0.25, borderRadius: 0.5 },
      }}
    >
      {snippetParts(text).map((part, i) =>
        part.hit ? (
          <mark key={i} className="snippet-hit">
            {part.text}
          </mark>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </Typography>
  );
}

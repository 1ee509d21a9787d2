import Typography from '@mui/material/Typography';
import { plainSnippet, snippetParts } from '../lib/snippet';

/**
 * The matching passage, its hits in <mark>: drawn as text, never as HTML; a Markdown file's
 * passage without its syntax.
 */
export function Snippet({ text, markdown = false }: { text: string; markdown?: boolean }) {
  return (
    <Typography
      variant="body2"
      sx={{
        color: 'text.secondary',
        overflowWrap: 'anywhere',
        '& mark': { px: 0.25, borderRadius: 0.5 },
      }}
    >
      {snippetParts(markdown ? plainSnippet(text) : text).map((part, i) =>
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

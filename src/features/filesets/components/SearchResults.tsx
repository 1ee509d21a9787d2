import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { z } from 'zod';
import type { fileQueryMatch } from '../../../api/contract';
import { DataTable, DateTime, type DataColumn } from '../../../components';
import { formatBytes } from '../../../lib/format';
import { isMarkdown } from '../lib/snippet';
import { ScoreBar } from './ScoreBar';
import { Snippet } from './Snippet';

export type FileMatch = z.infer<typeof fileQueryMatch>;

export interface SearchResultsProps {
  matches: FileMatch[];
  fileHref: (fileId: string) => string;
}

/** Matches best first: score as a bar, the file (a link that opens it) and its passage. */
export function SearchResults({ matches, fileHref }: SearchResultsProps) {
  const best = Math.max(...matches.map((m) => m.score));
  // Each cell from the top: a match's passage makes its row tall.
  const top = { verticalAlign: 'top' } as const;
  const columns: DataColumn<FileMatch>[] = [
    {
      key: 'score',
      header: 'Score',
      headerSx: { width: 120 },
      sx: top,
      cell: (match) => <ScoreBar score={match.score} best={best} />,
    },
    {
      key: 'file',
      header: 'File',
      sx: { ...top, minWidth: 220, width: '55%' },
      cell: (match) => (
        <>
          <Link component={RouterLink} to={fileHref(match.node.id)} sx={{ fontWeight: 500 }}>
            {match.node.name}
          </Link>
          <Typography
            variant="caption"
            component="div"
            sx={{ color: 'text.secondary', fontFamily: 'monospace', overflowWrap: 'anywhere' }}
          >
            {match.node.path}
          </Typography>
          {match.content?.text && (
            <Snippet
              text={match.content.text}
              markdown={isMarkdown(match.node.contentType, match.node.name)}
            />
          )}
        </>
      ),
    },
    { key: 'type', header: 'Type', nowrap: true, sx: top, cell: (match) => match.node.contentType },
    {
      key: 'size',
      header: 'Size',
      align: 'right',
      nowrap: true,
      sx: top,
      cell: (match) => formatBytes(match.node.size),
    },
    {
      key: 'created',
      header: 'Created',
      nowrap: true,
      sx: top,
      cell: (match) => <DateTime value={match.node.created} />,
    },
  ];
  return <DataTable label="Search results" frame="none" columns={columns} rows={matches} />;
}

import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { z } from 'zod';
import type { fileQueryMatch } from '../../../api/contract';
import { DateTime } from '../../../components';
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
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Search results">
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 120 }}>Score</TableCell>
            <TableCell>File</TableCell>
            <TableCell>Type</TableCell>
            <TableCell align="right">Size</TableCell>
            <TableCell>Created</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {matches.map((match) => (
            <TableRow key={match.id} sx={{ verticalAlign: 'top' }}>
              <TableCell>
                <ScoreBar score={match.score} best={best} />
              </TableCell>
              <TableCell sx={{ minWidth: 220, width: '55%' }}>
                <Link component={RouterLink} to={fileHref(match.node.id)} sx={{ fontWeight: 500 }}>
                  {match.node.name}
                </Link>
                <Typography
                  variant="caption"
                  component="div"
                  sx={{
                    color: 'text.secondary',
                    fontFamily: 'monospace',
                    overflowWrap: 'anywhere',
                  }}
                >
                  {match.node.path}
                </Typography>
                {match.content?.text && (
                  <Snippet
                    text={match.content.text}
                    markdown={isMarkdown(match.node.contentType, match.node.name)}
                  />
                )}
              </TableCell>
              <TableCell>
                <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                  {match.node.contentType}
                </Typography>
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatBytes(match.node.size)}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <DateTime value={match.node.created} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

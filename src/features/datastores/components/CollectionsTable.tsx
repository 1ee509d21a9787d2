import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Collection } from '../../../api/contract';
import { useDocumentCount } from '../../../api/datastores';
import { DateTime, StatusChip } from '../../../components';
import { formatCount } from '../../../lib/format';
import { collectionPath } from '../paths';
import { yesNo } from './yes-no';

/** A collection's document count (the query endpoint's count), read for each row. */
function DocumentCount({ collectionId }: { collectionId: string }) {
  const count = useDocumentCount(collectionId, {});
  if (count.data !== undefined) return <>{formatCount(count.data)}</>;
  return <>{count.isError ? 'unknown' : '…'}</>;
}

export function CollectionsTable({ collections }: { collections: Collection[] }) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="Collections" size="small">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell align="right">Documents</TableCell>
            <TableCell align="right">Columns</TableCell>
            <TableCell>Sync enabled</TableCell>
            <TableCell>Sync required</TableCell>
            <TableCell>Last sync</TableCell>
            <TableCell>Updated</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {collections.map((collection) => (
            <TableRow key={collection.id} hover>
              <TableCell>
                <Link
                  component={RouterLink}
                  to={collectionPath(collection.datastoreId, collection.id)}
                >
                  {collection.name}
                </Link>
              </TableCell>
              <TableCell align="right">
                <DocumentCount collectionId={collection.id} />
              </TableCell>
              <TableCell align="right">{collection.schema.columns.length}</TableCell>
              <TableCell>
                <StatusChip
                  label={yesNo(collection.syncEnabled)}
                  tone={collection.syncEnabled ? 'success' : 'neutral'}
                />
              </TableCell>
              <TableCell>
                <StatusChip
                  label={yesNo(collection.syncRequired)}
                  tone={collection.syncRequired ? 'warning' : 'neutral'}
                />
              </TableCell>
              <TableCell>
                <DateTime value={collection.lastSync} fallback="never" />
              </TableCell>
              <TableCell>
                <DateTime value={collection.updatedOn} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

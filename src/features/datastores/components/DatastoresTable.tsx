import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Datastore } from '../../../api/contract';
import { DateTime } from '../../../components';
import { formatCount } from '../../../lib/format';
import { datastorePath } from '../paths';
import { IdText } from './IdText';
import { UserName } from '../../../components/UserName';

export interface DatastoresTableProps {
  datastores: Datastore[];
  /** Collections per datastore id; undefined while they load (or when they could not be read). */
  collectionCounts: Map<string, number> | undefined;
}

export function DatastoresTable({ datastores, collectionCounts }: DatastoresTableProps) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label="Datastores" size="small">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>ID</TableCell>
            <TableCell align="right">Collections</TableCell>
            <TableCell>Owner</TableCell>
            <TableCell>Created</TableCell>
            <TableCell>Updated</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {datastores.map((datastore) => (
            <TableRow key={datastore.id} hover>
              <TableCell>
                <Link component={RouterLink} to={datastorePath(datastore.id)}>
                  {datastore.name}
                </Link>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <IdText value={datastore.id} />
              </TableCell>
              <TableCell align="right">
                {collectionCounts ? formatCount(collectionCounts.get(datastore.id) ?? 0) : '—'}
              </TableCell>
              <TableCell>
                <UserName id={datastore.owner} />
              </TableCell>
              <TableCell>
                <DateTime value={datastore.createdOn} />
              </TableCell>
              <TableCell>
                <DateTime value={datastore.updatedOn} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

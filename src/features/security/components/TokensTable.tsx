import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import BlockIcon from '@mui/icons-material/Block';
import HistoryIcon from '@mui/icons-material/History';
import { Link as RouterLink } from 'react-router';
import type { AccessToken } from '../../../api/contract';
import {
  actionsColumn,
  DataTable,
  DateTime,
  StatusChip,
  UserName,
  type DataColumn,
  type DataTablePager,
} from '../../../components';
import { objectActivityPath } from '../../../lib/paths';
import { tokenKindLabel, tokenStatus, tokenStatusLabel } from '../lib/token-status';

export const TOKENS_PAGE_SIZE = 25;

export interface TokensTableProps {
  /** The page's tokens, of pages of TOKENS_PAGE_SIZE. */
  tokens: AccessToken[];
  pager: DataTablePager;
  /** Owner names already known (an admin's user list); others are looked up by id. */
  ownerNames: Map<number, string>;
  onRevoke: (token: AccessToken) => void;
}

export function TokensTable({ tokens, pager, ownerNames, onRevoke }: TokensTableProps) {
  const now = new Date();
  const columns: DataColumn<AccessToken>[] = [
    { key: 'name', header: 'Name', rowHeader: true, sx: { fontWeight: 500 }, cell: (t) => t.name },
    {
      key: 'owner',
      header: 'Owner',
      cell: (t) => ownerNames.get(t.ownerId) ?? <UserName id={t.ownerId} />,
    },
    { key: 'kind', header: 'Kind', cell: (t) => tokenKindLabel[t.kind] },
    { key: 'created', header: 'Created', cell: (t) => <DateTime value={t.created} /> },
    {
      key: 'expires',
      header: 'Expires',
      cell: (t) => <DateTime value={t.expires} fallback="Never" />,
    },
    {
      key: 'used',
      header: 'Last used',
      cell: (t) => <DateTime value={t.lastUsed} fallback="Never" />,
    },
    {
      key: 'status',
      header: 'Status',
      cell: (t) => <StatusChip {...tokenStatusLabel[tokenStatus(t, now)]} />,
    },
    actionsColumn((t) => (
      <>
        <Tooltip title="History">
          <IconButton
            size="small"
            component={RouterLink}
            to={objectActivityPath('token', t.id)}
            aria-label={`History of token ${t.name}`}
          >
            <HistoryIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        {tokenStatus(t, now) !== 'revoked' && (
          <Tooltip title="Revoke">
            <IconButton
              size="small"
              aria-label={`Revoke token ${t.name}`}
              onClick={() => onRevoke(t)}
            >
              <BlockIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </>
    )),
  ];
  return (
    <DataTable
      label="Tokens"
      frame="none"
      columns={columns}
      rows={tokens}
      rowKey={(t) => String(t.id)}
      pager={pager}
    />
  );
}

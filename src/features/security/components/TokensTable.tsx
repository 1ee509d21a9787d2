import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { visuallyHidden } from '../lib/visually-hidden';
import BlockIcon from '@mui/icons-material/Block';
import HistoryIcon from '@mui/icons-material/History';
import { Link as RouterLink } from 'react-router';
import type { AccessToken } from '../../../api/contract';
import { DateTime, objectActivityPath, StatusChip, UserName } from '../../../components';
import { tokenKindLabel, tokenStatus, tokenStatusLabel } from '../lib/token-status';

export const TOKENS_PAGE_SIZE = 25;

export interface TokensTableProps {
  tokens: AccessToken[];
  /** Owner names already known (an admin's user list); others are looked up by id. */
  ownerNames: Map<number, string>;
  page: number;
  onPage: (page: number) => void;
  onRevoke: (token: AccessToken) => void;
}

export function TokensTable({ tokens, ownerNames, page, onPage, onRevoke }: TokensTableProps) {
  const now = new Date();
  const shown = tokens.slice(page * TOKENS_PAGE_SIZE, (page + 1) * TOKENS_PAGE_SIZE);
  return (
    <>
      <TableContainer>
        <Table aria-label="Tokens" size="small">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Owner</TableCell>
              <TableCell>Kind</TableCell>
              <TableCell>Created</TableCell>
              <TableCell>Expires</TableCell>
              <TableCell>Last used</TableCell>
              <TableCell>Status</TableCell>
              <TableCell align="right">
                <Box component="span" sx={visuallyHidden}>
                  Actions
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((token) => {
              const status = tokenStatus(token, now);
              return (
                <TableRow key={token.id} hover>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
                    {token.name}
                  </TableCell>
                  <TableCell>
                    {ownerNames.get(token.ownerId) ?? <UserName id={token.ownerId} />}
                  </TableCell>
                  <TableCell>{tokenKindLabel[token.kind]}</TableCell>
                  <TableCell>
                    <DateTime value={token.created} />
                  </TableCell>
                  <TableCell>
                    <DateTime value={token.expires} fallback="Never" />
                  </TableCell>
                  <TableCell>
                    <DateTime value={token.lastUsed} fallback="Never" />
                  </TableCell>
                  <TableCell>
                    <StatusChip {...tokenStatusLabel[status]} />
                  </TableCell>
                  <TableCell align="right" sx={{ py: 0.5, whiteSpace: 'nowrap' }}>
                    <Tooltip title="History">
                      <IconButton
                        size="small"
                        component={RouterLink}
                        to={objectActivityPath('token', token.id)}
                        aria-label={`History of token ${token.name}`}
                      >
                        <HistoryIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    {status !== 'revoked' && (
                      <Tooltip title="Revoke">
                        <IconButton
                          size="small"
                          aria-label={`Revoke token ${token.name}`}
                          onClick={() => onRevoke(token)}
                        >
                          <BlockIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {tokens.length > TOKENS_PAGE_SIZE && (
        <TablePagination
          component="div"
          count={tokens.length}
          page={page}
          rowsPerPage={TOKENS_PAGE_SIZE}
          rowsPerPageOptions={[TOKENS_PAGE_SIZE]}
          onPageChange={(_event, next) => onPage(next)}
        />
      )}
    </>
  );
}

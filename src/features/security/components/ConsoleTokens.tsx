import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AccessUser } from '../../../api/contract';
import { useGatewayStatus } from '../../../api/gateway';

const tokenOf = {
  base: {
    name: 'Developer token',
    header: 'X-SERVICE-Developer-Token',
    purpose: 'Datasets, documents, files and everything else',
  },
  api: { name: 'Access token', header: 'Authorization: Bearer', purpose: 'The workflow API' },
} as const;

/**
 * The tokens the console itself runs on (issue 25): configured in the gateway, which adds them to
 * each request it forwards. Listed by what they are for and where they go; never their values,
 * which never leave the gateway (architecture rule 3).
 */
export function ConsoleTokens({ me }: { me: AccessUser }) {
  const status = useGatewayStatus();
  const upstreams = status.data?.upstreams ?? [];
  if (upstreams.length === 0) return null;
  return (
    <>
      <Typography variant="subtitle1" component="h2" sx={{ mt: 3, mb: 0.5 }}>
        Tokens this console runs on
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        Set in the console server’s configuration and added by its gateway to every request it
        forwards. Their values are never sent to the browser.
      </Typography>
      <TableContainer>
        <Table size="small" aria-label="Tokens this console runs on">
          <TableHead>
            <TableRow>
              <TableCell>Token</TableCell>
              <TableCell>Used for</TableCell>
              <TableCell>Sent to</TableCell>
              <TableCell>Acts as</TableCell>
              <TableCell>Value</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {upstreams.map((upstream) => {
              const token = tokenOf[upstream.name];
              return (
                <TableRow key={upstream.name}>
                  <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                    {token.name}
                    <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
                      {token.header}
                    </Typography>
                  </TableCell>
                  <TableCell>{token.purpose}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{upstream.host}</TableCell>
                  <TableCell>
                    {upstream.name === 'base'
                      ? `${me.displayName} (${me.role})`
                      : 'The user the workflow API maps it to'}
                  </TableCell>
                  <TableCell sx={{ color: 'text.secondary' }}>
                    Held by the gateway, never shown
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}

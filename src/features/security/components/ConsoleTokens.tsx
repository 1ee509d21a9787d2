import Typography from '@mui/material/Typography';
import type { AccessUser } from '../../../api/contract';
import { useGatewayStatus } from '../../../api/gateway';
import { DataTable, type DataColumn } from '../../../components';

const tokenOf = {
  base: {
    name: 'Developer token',
    header: 'X-SERVICE-Developer-Token',
    purpose: 'Datasets, documents, files and everything else',
  },
  api: { name: 'Access token', header: 'Authorization: Bearer', purpose: 'The workflow API' },
} as const;

/**
 * The tokens the console itself runs on: configured in the gateway, which adds them to
 * each request it forwards. Listed by what they are for and where they go; never their values,
 * which never leave the gateway (architecture.md, rule h).
 */
export function ConsoleTokens({ me }: { me: AccessUser }) {
  const status = useGatewayStatus();
  const upstreams = status.data?.upstreams ?? [];
  if (upstreams.length === 0) return null;
  const columns: DataColumn<(typeof upstreams)[number]>[] = [
    {
      key: 'token',
      header: 'Token',
      rowHeader: true,
      nowrap: true,
      cell: (upstream) => (
        <>
          {tokenOf[upstream.name].name}
          <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
            {tokenOf[upstream.name].header}
          </Typography>
        </>
      ),
    },
    { key: 'purpose', header: 'Used for', cell: (upstream) => tokenOf[upstream.name].purpose },
    { key: 'host', header: 'Sent to', nowrap: true, cell: (upstream) => upstream.host },
    {
      key: 'actor',
      header: 'Acts as',
      cell: (upstream) =>
        upstream.name === 'base'
          ? `${me.displayName} (${me.role})`
          : 'The user the workflow API maps it to',
    },
    {
      key: 'value',
      header: 'Value',
      sx: { color: 'text.secondary' },
      cell: () => 'Held by the gateway, never shown',
    },
  ];
  return (
    <>
      <Typography variant="subtitle1" component="h2" sx={{ mt: 3, mb: 0.5 }}>
        Tokens this console runs on
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        Set in the console server’s configuration and added by its gateway to every request it
        forwards. Their values are never sent to the browser.
      </Typography>
      <DataTable
        label="Tokens this console runs on"
        frame="none"
        columns={columns}
        rows={upstreams}
        rowKey={(upstream) => upstream.name}
      />
    </>
  );
}

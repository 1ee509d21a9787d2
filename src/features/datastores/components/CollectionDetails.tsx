import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { Collection } from '../../../api/contract';
import { CopyButton, DateTime, DefinitionList, JsonView } from '../../../components';
import { datastorePath } from '../../../lib/paths';
import { NoValue } from '../../../components/NoValue';
import { IdText } from './IdText';
import { SchemaTable } from './SchemaTable';
import { Section } from '../../../components/Section';
import { yesNo } from './yes-no';
import { UserName } from '../../../components/UserName';

const None = ({ text = 'none' }: { text?: string }) => <NoValue>{text}</NoValue>;

/** 2.1: `defaultPermissions` is a comma-separated permission set. */
function Permissions({ value }: { value: string | null }) {
  const names = (value ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (names.length === 0) return <None />;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {names.map((name) => (
        <Chip key={name} size="small" label={name} />
      ))}
    </Stack>
  );
}

function Authorities({ value }: { value: Record<string, string[]> | null }) {
  const entries = Object.entries(value ?? {});
  if (entries.length === 0) return <None />;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
      {entries.map(([operation, authorities]) => (
        <li key={operation}>
          <code>{operation}</code> →{' '}
          {authorities
            .map((a) => <code key={a}>{a}</code>)
            .reduce<React.ReactNode[]>((list, item, i) => (i ? [...list, ', ', item] : [item]), [])}
        </li>
      ))}
    </Box>
  );
}

function Filters({ value }: { value: Collection['filters'] }) {
  if (!value || value.length === 0) return <None />;
  return (
    <Stack spacing={1}>
      <span>{value.length === 1 ? '1 filter' : `${value.length} filters`}</span>
      <JsonView value={value} label="Filters as JSON" />
    </Stack>
  );
}

export function CollectionDetails({ collection }: { collection: Collection }) {
  return (
    <>
      <Section title="Details">
        <DefinitionList
          items={[
            {
              label: 'ID',
              value: (
                <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                  <IdText value={collection.id} />
                  <CopyButton value={collection.id} label="Copy collection id" />
                </Stack>
              ),
            },
            { label: 'Name', value: collection.name },
            {
              label: 'Datastore ID',
              value: (
                <Link component={RouterLink} to={datastorePath(collection.datastoreId)}>
                  <IdText value={collection.datastoreId} />
                </Link>
              ),
            },
            { label: 'Owner', value: <UserName id={collection.owner} /> },
            {
              label: 'Linked dataset',
              value: collection.datasourceId ? (
                <IdText value={collection.datasourceId} />
              ) : (
                <None text="not linked yet" />
              ),
            },
            {
              label: 'Default permissions',
              value: <Permissions value={collection.defaultPermissions} />,
            },
            {
              label: 'Required authorities',
              value: <Authorities value={collection.requiredAuthorities} />,
            },
            { label: 'Filters', value: <Filters value={collection.filters} /> },
            { label: 'Created', value: <DateTime value={collection.createdOn} /> },
            { label: 'Updated', value: <DateTime value={collection.updatedOn} /> },
            { label: 'Updated by', value: <UserName id={collection.updatedBy} /> },
          ]}
        />
      </Section>
      <Section title="Schema">
        <SchemaTable columns={collection.schema.columns} />
      </Section>
      <Section title="Sync">
        <DefinitionList
          items={[
            { label: 'Sync enabled', value: yesNo(collection.syncEnabled) },
            { label: 'Sync required', value: yesNo(collection.syncRequired) },
            { label: 'Full replace required', value: yesNo(collection.fullReplaceRequired) },
            {
              label: 'Last sync',
              value: <DateTime value={collection.lastSync} fallback="never" />,
            },
          ]}
        />
      </Section>
    </>
  );
}

import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCardTitles } from '../../../api/calculated-fields';
import type { CalculatedField } from '../../../api/contract';
import { DrawerHeader, SideDrawer } from '../../../components/SideDrawer';
import { Tooltip } from '../../../components/Tooltip';
import { DataTable, type DataColumn } from '../../../components/DataTable';
import {
  DateTime,
  DefinitionList,
  ErrorState,
  LoadingState,
  Section,
  StatusChip,
  UserName,
} from '../../../components';
import { formatCount } from '../../../lib/format';
import { nameLinks, type NamedLink } from '../lib/links';
import { ExpressionForm, ExpressionView, type Refusal } from './ExpressionEditor';
import { LockSwitch } from './LockSwitch';
import type { DatasetPermission } from '../../../api/access';

export interface FieldDrawerProps {
  open: boolean;
  field: CalculatedField | undefined;
  error: unknown;
  onRetry: () => void;
  datasetNames: ReadonlyMap<string, string>;
  datasetHref: (id: string) => string;
  lockPending: boolean;
  onLockChange: (field: CalculatedField, locked: boolean) => void;
  /** Whether the caller may change the field. */
  mayChange: (id: number) => DatasetPermission;
  onClose: () => void;
}

const kindWords: Record<NamedLink['kind'], string> = {
  dataset: 'Dataset',
  card: 'Card',
  other: 'Other',
};

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

function LinkName({ link, datasetHref }: { link: NamedLink; datasetHref: (id: string) => string }) {
  if (link.kind === 'dataset' && link.name)
    return (
      <Link component={RouterLink} to={datasetHref(link.id)}>
        {link.name}
      </Link>
    );
  if (link.kind === 'dataset')
    return (
      <Box component="span" sx={{ fontStyle: 'italic' }}>
        Dataset not found{' '}
        <Box component="span" sx={{ color: 'text.secondary' }}>
          (id {link.id})
        </Box>
      </Box>
    );
  if (link.kind === 'card' && link.name)
    return (
      <Tooltip title={`Card id ${link.id}`} describeChild>
        <span>{link.name}</span>
      </Tooltip>
    );
  return <span>{link.kind === 'card' ? `Card ${link.id}` : link.id}</span>;
}

function Links({
  field,
  datasetNames,
  datasetHref,
}: Pick<FieldDrawerProps, 'datasetNames' | 'datasetHref'> & { field: CalculatedField }) {
  const cardTitles = useCardTitles(
    field.links.filter((l) => l.resource.type === 'CARD').map((l) => l.resource.id),
  );
  const links = nameLinks(field.links, datasetNames, cardTitles.data);
  if (links.length === 0) return <Typography color="text.secondary">No links.</Typography>;
  return (
    <DataTable
      label="Links"
      rows={links}
      rowKey={(link) => `${link.kind}:${link.id}`}
      frame="none"
      columns={[
        { key: 'type', header: 'Type', cell: (link) => kindWords[link.kind] },
        {
          key: 'name',
          header: 'Name',
          cell: (link) => (
            <>
              <LinkName link={link} datasetHref={datasetHref} />
              {!link.active && (
                <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
                  {' '}
                  · inactive
                </Typography>
              )}
            </>
          ),
        },
        {
          key: 'reference',
          header: 'Reference',
          cell: (link) => (
            <StatusChip
              label={link.valid ? 'Valid' : 'Illegal reference'}
              tone={link.valid ? 'success' : 'error'}
            />
          ),
        },
      ]}
    />
  );
}

const positionColumns: DataColumn<CalculatedField['columnPositions'][number]>[] = [
  { key: 'column', header: 'Column', sx: { fontFamily: 'monospace' }, cell: (c) => c.columnName },
  {
    key: 'position',
    header: 'Position',
    align: 'right',
    sx: { fontVariantNumeric: 'tabular-nums' },
    cell: (c) => formatCount(c.columnPosition),
  },
];

function ColumnPositions({ field }: { field: CalculatedField }) {
  if (field.columnPositions.length === 0)
    return <Typography color="text.secondary">The expression names no column.</Typography>;
  return (
    <DataTable
      label="Column positions"
      rows={field.columnPositions}
      rowKey={(c) => `${c.columnName}@${c.columnPosition}`}
      frame="none"
      columns={positionColumns}
    />
  );
}

function Details(props: FieldDrawerProps & { field: CalculatedField }) {
  const { field } = props;
  const [refusal, setRefusal] = useState<Refusal>();
  const permission = props.mayChange(field.id);
  return (
    <>
      <FormControlLabel
        sx={{ mb: 2 }}
        control={
          <LockSwitch
            field={field}
            disabled={props.lockPending}
            permission={permission}
            onChange={(locked) => props.onLockChange(field, locked)}
          />
        }
        label={field.locked ? 'Locked' : 'Unlocked'}
      />
      <Section title="Expression">
        {field.locked || !permission.allowed ? (
          <ExpressionView
            field={field}
            refusal={refusal}
            notYours={field.locked || permission.allowed ? undefined : permission.reason}
          />
        ) : (
          <ExpressionForm key={field.id} field={field} onRefused={setRefusal} />
        )}
      </Section>
      <Section title="Links">
        <Links field={field} datasetNames={props.datasetNames} datasetHref={props.datasetHref} />
      </Section>
      <Section title="Functions">
        {field.functions.length ? (
          <Stack
            direction="row"
            useFlexGap
            spacing={1}
            sx={{ flexWrap: 'wrap' }}
            role="list"
            aria-label="Functions"
          >
            {field.functions.map((name) => (
              <Chip
                key={name}
                label={name}
                size="small"
                role="listitem"
                sx={{ fontFamily: 'monospace' }}
              />
            ))}
          </Stack>
        ) : (
          <Typography color="text.secondary">The expression uses no function.</Typography>
        )}
      </Section>
      <Section title="Column positions" description="Character offset of each column reference">
        <ColumnPositions field={field} />
      </Section>
      <Section title="Details">
        <DefinitionList
          items={[
            { label: 'Data type', value: field.dataType },
            { label: 'Owner', value: <UserName id={field.owner} /> },
            { label: 'Created', value: <DateTime value={field.created} /> },
            { label: 'Last modified', value: <DateTime value={field.lastModified} /> },
            { label: 'Cache window', value: field.cacheWindow },
            { label: 'Aggregated', value: yesNo(field.aggregated) },
            { label: 'Analytic', value: yesNo(field.analytic) },
            { label: 'Global', value: yesNo(field.global) },
            { label: 'Hidden', value: yesNo(field.hidden) },
            { label: 'Archived', value: yesNo(field.archived) },
            { label: 'Variable', value: yesNo(field.variable) },
            {
              label: 'Checksum',
              value: (
                <Box component="code" sx={{ fontSize: 12 }}>
                  {field.checkSum}
                </Box>
              ),
            },
            { label: 'Legacy id', value: field.legacyId },
          ]}
        />
      </Section>
    </>
  );
}

/** One field: its expression (a form when unlocked), links, functions and column positions. */
export function FieldDrawer(props: FieldDrawerProps) {
  const { open, field, error, onRetry, onClose } = props;
  const label = field ? `Calculated field ${field.name}` : 'Calculated field';
  return (
    <SideDrawer
      open={open}
      onClose={onClose}
      label={label}
      paperSx={{ width: { xs: '100%', sm: 560 } }}
    >
      <Box component="section" aria-label={label} sx={{ p: 3 }}>
        <DrawerHeader closeLabel="Close" onClose={onClose} mb={1}>
          <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {field?.name ?? 'Calculated field'}
          </Typography>
          {field && (
            <Stack direction="row" spacing={1} sx={{ mt: 0.5, alignItems: 'center' }}>
              <StatusChip
                label={
                  field.status === 'INVALID'
                    ? 'Invalid'
                    : field.status === 'VALID'
                      ? 'Valid'
                      : field.status
                }
                tone={field.status === 'INVALID' ? 'error' : 'success'}
              />
              <Tooltip title={`Field id ${field.id}`} describeChild>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {field.dataType}
                </Typography>
              </Tooltip>
            </Stack>
          )}
        </DrawerHeader>
        {field ? (
          <Details key={field.id} {...props} field={field} />
        ) : error ? (
          <ErrorState error={error} onRetry={onRetry} />
        ) : (
          <LoadingState variant="details" label="Loading the calculated field" />
        )}
      </Box>
    </SideDrawer>
  );
}

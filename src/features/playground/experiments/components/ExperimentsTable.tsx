import { Link as RouterLink } from 'react-router';
import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Experiment } from '../../../../api/contract';
import {
  DataTable,
  DateTime,
  type DataColumn,
  type DataTablePager,
  type DataTableSort,
} from '../../../../components';
import { experimentsPath } from '../../lib/experiments-path';
import { meanScoresLines, variantLetter } from '../lib/describe';
import { ExperimentStateChip } from './ExperimentStateChip';

type SortField = 'name' | 'created' | 'state';

/** "A v2 · B v1" and, under it, the models they ask. */
function VariantsCell({ experiment }: { experiment: Experiment }) {
  const models = [...new Set(experiment.variants.map((v) => v.model))];
  return (
    <Stack component="span">
      <span>
        {experiment.variants
          .map((v, i) => `${variantLetter(i)} ${v.name || v.promptVersion || ''}`.trim())
          .join(' · ')}
      </span>
      <Typography variant="caption" component="span" sx={{ color: 'text.secondary' }}>
        {models.join(', ')}
      </Typography>
    </Stack>
  );
}

interface ExperimentsTableProps {
  experiments: Experiment[];
  pager: DataTablePager;
  sort: DataTableSort<SortField>;
  picked: string[];
  onPick: (id: string) => void;
}

/** Experiments in pages: each with a box that picks it for "Compare". */
export function ExperimentsTable({
  experiments,
  pager,
  sort,
  picked,
  onPick,
}: ExperimentsTableProps) {
  const columns: DataColumn<Experiment, SortField>[] = [
    {
      key: 'pick',
      header: 'Compare',
      hideHeader: true,
      sx: { width: 48, px: 0.5 },
      cell: (e) => (
        <Checkbox
          size="small"
          checked={picked.includes(e.id)}
          onChange={() => onPick(e.id)}
          slotProps={{ input: { 'aria-label': `Pick ${e.name} to compare` } }}
        />
      ),
    },
    {
      key: 'name',
      header: 'Name',
      rowHeader: true,
      sortField: 'name',
      sx: { minWidth: 160 },
      cell: (e) => (
        <Link component={RouterLink} to={experimentsPath(e.id)}>
          {e.name}
        </Link>
      ),
    },
    { key: 'prompt', header: 'Prompt', cell: (e) => e.promptName },
    { key: 'dataset', header: 'Dataset', cell: (e) => e.datasetName },
    {
      key: 'variants',
      header: 'Variants',
      sx: { maxWidth: 220 },
      cell: (e) => <VariantsCell experiment={e} />,
    },
    {
      key: 'state',
      header: 'State',
      sortField: 'state',
      nowrap: true,
      cell: (e) => <ExperimentStateChip state={e.state} />,
    },
    {
      key: 'scores',
      header: 'Mean scores',
      cell: (e) => (
        <Stack component="span">
          {meanScoresLines(e).map((line) => (
            <span key={line}>{line}</span>
          ))}
        </Stack>
      ),
    },
    { key: 'owner', header: 'Ran by', nowrap: true, cell: (e) => e.ownerName },
    {
      key: 'created',
      header: 'Created',
      sortField: 'created',
      nowrap: true,
      cell: (e) => <DateTime value={e.createdAt} />,
    },
  ];
  return (
    <DataTable
      label="Experiments"
      frame="none"
      columns={columns}
      rows={experiments}
      rowKey={(e) => e.id}
      pager={pager}
      sort={sort}
    />
  );
}

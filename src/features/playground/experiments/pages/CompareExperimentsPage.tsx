import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { Experiment, ExperimentCase } from '../../../../api/contract';
import { useExperiment, useExperimentResults } from '../../../../api/experiments';
import {
  DataTable,
  ErrorState,
  LoadingState,
  PageHeader,
  SelectFilter,
  type DataColumn,
} from '../../../../components';
import { useListController } from '../../../../hooks/use-list-controller';
import { playgroundPath } from '../../../../lib/paths';
import { experimentsPath } from '../../lib/experiments-path';
import { DiffedText } from '../../components/DiffedText';
import { CellView } from '../components/CellView';
import { COMPARE_PAGE_SIZE, compareSpec } from '../lib/compare-params';
import { variantLabel } from '../lib/describe';

interface Row {
  index: number;
  a: ExperimentCase | undefined;
  b: ExperimentCase | undefined;
}

const inputsText = (c: ExperimentCase | undefined) =>
  c
    ? Object.entries(c.inputs)
        .map(([k, v]) => `${k}: ${v}`)
        .join(' · ')
    : '';

/** The same cases (by index) of two experiments side by side, a variant of each. */
export function CompareExperimentsPage() {
  const list = useListController(compareSpec);
  const { a: aId, b: bId, va, vb, diff, page } = list.params;
  const a = useExperiment(aId ?? '');
  const b = useExperiment(bId ?? '');
  const query = {
    offset: page * COMPARE_PAGE_SIZE,
    limit: COMPARE_PAGE_SIZE,
    sort: 'case' as const,
  };
  const ra = useExperimentResults(aId ?? '', { ...query, variant: va }, { enabled: Boolean(aId) });
  const rb = useExperimentResults(bId ?? '', { ...query, variant: vb }, { enabled: Boolean(bId) });

  const header = (
    <PageHeader
      title="Compare experiments"
      breadcrumbs={[
        { label: 'Prompt playground', to: playgroundPath() },
        { label: 'Experiments', to: experimentsPath() },
      ]}
      subtitle={a.data && b.data ? `${a.data.name} and ${b.data.name}, case by case` : undefined}
    />
  );
  if (!aId || !bId)
    return (
      <>
        {header}
        <Alert severity="info">Pick two experiments in the list to compare them.</Alert>
      </>
    );
  const failed = [a, b, ra, rb].find((q) => q.isError && !q.data);
  if (failed)
    return (
      <>
        {header}
        <ErrorState
          error={failed.error}
          title="The experiments cannot be compared"
          onRetry={() => void failed.refetch()}
        />
      </>
    );
  if (!a.data || !b.data || !ra.data || !rb.data)
    return (
      <>
        {header}
        <LoadingState label="Loading both experiments" />
      </>
    );

  const ea: Experiment = a.data;
  const eb: Experiment = b.data;
  const total = Math.max(ra.data.total, rb.data.total);
  const indexes = [...new Set([...ra.data.cases, ...rb.data.cases].map((c) => c.index))].sort(
    (x, y) => x - y,
  );
  const rows: Row[] = indexes.map((index) => ({
    index,
    a: ra.data.cases.find((c) => c.index === index),
    b: rb.data.cases.find((c) => c.index === index),
  }));
  const cellOf = (c: ExperimentCase | undefined, variant: number) =>
    c?.cells.find((cell) => cell.variant === variant);
  const columns: DataColumn<Row>[] = [
    {
      key: 'case',
      header: 'Case',
      rowHeader: true,
      sx: { verticalAlign: 'top', maxWidth: 280 },
      cell: (r) => (
        <Stack spacing={0.5}>
          <Typography variant="subtitle2" component="span">
            Case {r.index + 1}
          </Typography>
          <Typography variant="caption" sx={{ overflowWrap: 'anywhere' }}>
            {inputsText(r.a ?? r.b)}
          </Typography>
          {r.a && r.b && inputsText(r.a) !== inputsText(r.b) && (
            <Typography variant="caption" sx={{ color: 'warning.main' }}>
              Its inputs differ in {eb.name}: {inputsText(r.b)}
            </Typography>
          )}
        </Stack>
      ),
    },
    {
      key: 'a',
      headerSx: { whiteSpace: 'normal' },
      header: `${ea.name} (${ea.variants[va] ? variantLabel(ea.variants[va], va) : '–'})`,
      sx: { verticalAlign: 'top' },
      cell: (r) => (
        <CellView
          cell={cellOf(r.a, va)}
          scorers={ea.scorers}
          where={`case ${r.index + 1} of ${ea.name}`}
        />
      ),
    },
    {
      key: 'b',
      headerSx: { whiteSpace: 'normal' },
      header: `${eb.name} (${eb.variants[vb] ? variantLabel(eb.variants[vb], vb) : '–'})`,
      sx: { verticalAlign: 'top' },
      cell: (r) => {
        const cell = cellOf(r.b, vb);
        const before = cellOf(r.a, va)?.output ?? undefined;
        return diff && cell?.output != null && before !== undefined ? (
          <Stack spacing={1}>
            <DiffedText text={cell.output} base={before} />
            <CellView
              cell={{ ...cell, output: null }}
              scorers={eb.scorers}
              where={`case ${r.index + 1} of ${eb.name}`}
            />
          </Stack>
        ) : (
          <CellView cell={cell} scorers={eb.scorers} where={`case ${r.index + 1} of ${eb.name}`} />
        );
      },
    },
  ];
  const variantChoices = (e: Experiment) =>
    new Map(e.variants.map((v, i) => [String(i), variantLabel(v, i)] as const));

  return (
    <>
      {header}
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack
          direction="row"
          useFlexGap
          spacing={2}
          sx={{ flexWrap: 'wrap', alignItems: 'center' }}
        >
          <SelectFilter
            label={`Variant of ${ea.name}`}
            choices={variantChoices(ea)}
            value={String(va)}
            onChange={(v) => list.set({ va: Number(v) })}
            minWidth={240}
          />
          <SelectFilter
            label={`Variant of ${eb.name}`}
            choices={variantChoices(eb)}
            value={String(vb)}
            onChange={(v) => list.set({ vb: Number(v) })}
            minWidth={240}
          />
          <FormControlLabel
            control={<Switch checked={diff} onChange={(_, on) => list.set({ diff: on })} />}
            label={`Mark what ${eb.name} changed`}
          />
        </Stack>
      </Paper>
      <DataTable
        label="Cases of both experiments"
        columns={columns}
        rows={rows}
        rowKey={(r) => String(r.index)}
        updating={ra.isPlaceholderData || rb.isPlaceholderData}
        pager={list.pager({ pageSize: COMPARE_PAGE_SIZE, total })}
        empty="Neither experiment has cases."
      />
    </>
  );
}

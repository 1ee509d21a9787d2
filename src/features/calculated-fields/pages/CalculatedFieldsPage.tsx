import { useMemo } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { EmptyState, ErrorState, PageHeader, PageState } from '../../../components';
import { useListController } from '../../../hooks/use-list-controller';
import { formatCount, plural } from '../../../lib/format';
import { BulkLockDialog } from '../components/BulkLockDialog';
import { useCalculatedFieldsChange } from '../../../api/access';
import { FieldDrawer } from '../components/FieldDrawer';
import { FieldFilters } from '../components/FieldFilters';
import { FieldsGrid } from '../components/FieldsGrid';
import { FieldStatistics } from '../components/FieldStatistics';
import { useBulkLock } from '../hooks/use-bulk-lock';
import { useCalculatedFields } from '../hooks/use-calculated-fields';
import { useFieldDrawer } from '../hooks/use-field-drawer';
import { useFieldSelection } from '../hooks/use-field-selection';
import { useLockToggle } from '../hooks/use-lock-toggle';
import { fieldListSpec, isFiltered, noFilters, toListState } from '../lib/list-params';
import { datasetPath } from '../../../lib/paths';

/** Calculated fields: statistics, a searchable grid with lock switches, bulk lock, a drawer. */
export function CalculatedFieldsPage() {
  const list = useListController(fieldListSpec);
  const state = useMemo(() => toListState(list.params), [list.params]);
  const { page, statistics, datasets, datasetNames } = useCalculatedFields(state);
  const rows = page.data?.results ?? [];
  const selection = useFieldSelection(rows);
  const lock = useLockToggle();
  const bulk = useBulkLock();
  const drawer = useFieldDrawer(state.fieldId);
  const mayChange = useCalculatedFieldsChange([
    ...rows.map((r) => r.id),
    ...(drawer.field ? [drawer.field.id] : []),
  ]);

  const header = (
    <PageHeader
      title="Calculated fields"
      subtitle="Expressions that datasets and cards compute; a locked field cannot be altered."
    />
  );

  const fields = (
    <PageState
      query={page}
      loading={{ label: 'Loading calculated fields', rows: 8 }}
      empty={(found) =>
        found.totalHits === 0 ? (
          isFiltered(state) ? (
            <EmptyState
              title="No calculated field matches"
              description="Change the name or the filters."
              action={<Button onClick={() => list.set(noFilters)}>Clear filters</Button>}
            />
          ) : (
            <EmptyState
              title="There are no calculated fields yet"
              description="Fields are written in a dataset's analyzer; they show here once saved."
            />
          )
        ) : (
          rows.length === 0 && (
            <EmptyState
              title="This page is past the last field"
              action={<Button onClick={() => list.setters.page(0)}>Go to the first page</Button>}
            />
          )
        )
      }
    >
      {(found) => (
        <FieldsGrid
          rows={rows}
          mayChange={mayChange}
          total={found.totalHits}
          loading={page.isFetching}
          models={list.grid()}
          datasetNames={datasetNames}
          selection={selection.ids}
          pendingLockId={lock.pendingId}
          fieldHref={drawer.fieldHref}
          datasetHref={datasetPath}
          onSelectionChange={selection.change}
          onLockChange={(field, locked) => lock.toggle({ field, locked })}
        />
      )}
    </PageState>
  );

  const selected = selection.fields.length;
  return (
    <>
      {header}
      <Stack spacing={3}>
        {statistics.isError && !statistics.data ? (
          <ErrorState
            title="The statistics could not be read"
            error={statistics.error}
            onRetry={() => void statistics.refetch()}
          />
        ) : (
          <FieldStatistics
            statistics={statistics.data}
            lockedOnly={state.locked === 'locked'}
            invalidOnly={state.status === 'INVALID'}
            onLockedOnly={(on) => list.setters.locked(on ? 'locked' : 'all')}
            onInvalidOnly={(on) => list.setters.status(on ? 'INVALID' : null)}
          />
        )}
        <FieldFilters list={list} datasets={datasets} />
        <Stack spacing={1}>
          {(selected > 0 || (page.data?.totalHits ?? 0) > 0) && (
            <Paper
              variant="outlined"
              role="toolbar"
              aria-label="Selected fields"
              sx={{
                px: 2,
                py: 1,
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                flexWrap: 'wrap',
                bgcolor: selected ? 'action.selected' : 'transparent',
                borderColor: selected ? 'primary.main' : 'divider',
              }}
            >
              <Typography sx={{ flexGrow: 1 }} role="status">
                {selected
                  ? `${plural(selected, 'field')} selected`
                  : `${plural(page.data?.totalHits ?? 0, 'calculated field')} · select fields to lock or unlock them together`}
              </Typography>
              <Button
                startIcon={<LockOutlinedIcon />}
                disabled={!selected}
                onClick={() => bulk.ask(selection.fields, true)}
              >
                Lock{selected ? ` ${formatCount(selected)}` : ''}
              </Button>
              <Button
                startIcon={<LockOpenOutlinedIcon />}
                disabled={!selected}
                onClick={() => bulk.ask(selection.fields, false)}
              >
                Unlock{selected ? ` ${formatCount(selected)}` : ''}
              </Button>
              <Button disabled={!selected} onClick={selection.clear}>
                Clear selection
              </Button>
            </Paper>
          )}
          {fields}
        </Stack>
      </Stack>
      <FieldDrawer
        open={drawer.open}
        field={drawer.field}
        error={drawer.error}
        onRetry={drawer.retry}
        datasetNames={datasetNames}
        datasetHref={datasetPath}
        lockPending={drawer.field !== undefined && lock.pendingId === drawer.field.id}
        onLockChange={(field, locked) => lock.toggle({ field, locked })}
        mayChange={mayChange}
        onClose={() => list.setters.field(null)}
      />
      <BulkLockDialog
        state={bulk.state}
        onConfirm={bulk.confirm}
        onRetry={bulk.retryFailed}
        onClose={() => {
          if (bulk.state.step === 'result') selection.clear();
          bulk.close();
        }}
      />
    </>
  );
}

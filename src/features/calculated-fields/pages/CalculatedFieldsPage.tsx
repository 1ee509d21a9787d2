import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { EmptyState, ErrorState, LoadingState, PageHeader } from '../../../components';
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
import { useFieldListParams } from '../hooks/use-field-list-params';
import { useFieldSelection } from '../hooks/use-field-selection';
import { useLockToggle } from '../hooks/use-lock-toggle';
import { isFiltered } from '../lib/list-params';
import { datasetPath } from '../paths';

/** Calculated fields: statistics, a searchable grid with lock switches, bulk lock, a drawer. */
export function CalculatedFieldsPage() {
  const params = useFieldListParams();
  const { page, statistics, datasets, datasetNames } = useCalculatedFields(params);
  const rows = page.data?.results ?? [];
  const selection = useFieldSelection(rows);
  const lock = useLockToggle();
  const bulk = useBulkLock();
  const drawer = useFieldDrawer(params.fieldId);
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

  let list;
  if (page.isError && !page.data)
    list = <ErrorState error={page.error} onRetry={() => void page.refetch()} />;
  else if (!page.data) list = <LoadingState label="Loading calculated fields" rows={8} />;
  else if (page.data.totalHits === 0)
    list = isFiltered(params) ? (
      <EmptyState
        title="No calculated field matches"
        description="Change the name or the filters."
        action={<Button onClick={params.clearFilters}>Clear filters</Button>}
      />
    ) : (
      <EmptyState
        title="There are no calculated fields yet"
        description="Fields are written in a dataset's analyzer; they show here once saved."
      />
    );
  else if (rows.length === 0)
    list = (
      <EmptyState
        title="This page is past the last field"
        action={<Button onClick={() => params.setPage(0)}>Go to the first page</Button>}
      />
    );
  else
    list = (
      <FieldsGrid
        rows={rows}
        mayChange={mayChange}
        total={page.data.totalHits}
        loading={page.isFetching}
        params={params}
        datasetNames={datasetNames}
        selection={selection.ids}
        pendingLockId={lock.pendingId}
        fieldHref={drawer.fieldHref}
        datasetHref={datasetPath}
        onSelectionChange={selection.change}
        onLockChange={(field, locked) => lock.toggle({ field, locked })}
      />
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
            lockedOnly={params.locked === 'locked'}
            invalidOnly={params.status === 'INVALID'}
            onLockedOnly={(on) => params.setLocked(on ? 'locked' : 'all')}
            onInvalidOnly={(on) => params.setStatus(on ? 'INVALID' : null)}
          />
        )}
        <FieldFilters params={params} datasets={datasets} />
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
          {list}
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
        onClose={() => params.openField(null)}
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

import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useWorkflow } from '../../../api/workflows';
import {
  DateTime,
  DefinitionList,
  EmptyState,
  ObjectHistory,
  PageHeader,
  PageState,
  Section,
  UserName,
} from '../../../components';
import { PanelSection } from '../../../components/PanelSection';
import { TwoColumns } from '../../../components/TwoColumns';
import { formatCount, plural } from '../../../lib/format';
import { RunForm } from '../components/RunForm';
import { RunsFilters } from '../components/RunsFilters';
import { RunsTable } from '../components/RunsTable';
import { StepsSummary } from '../components/StepsSummary';
import { WorkflowError } from '../components/WorkflowError';
import { useListController } from '../../../hooks/use-list-controller';
import { RUNS_PAGE_SIZE, useRunsList } from '../hooks/use-runs-list';
import { noRunFilters, runsSpec } from '../lib/list-params';
import { editWorkflowPath, workflowsPath } from '../../../lib/paths';

function Runs({ workflowId }: { workflowId: string }) {
  const list = useListController(runsSpec);
  const found = useRunsList(workflowId, list.params);
  const { runs } = found;
  return (
    <PanelSection title="Runs">
      <Stack spacing={2}>
        <RunsFilters list={list} />
        {found.isTruncated && (
          <Alert severity="info">
            Only the newest {formatCount(runs.data?.length ?? 0)} runs are listed and filtered here.
          </Alert>
        )}
        <PageState
          query={runs}
          loading={{ label: 'Loading the runs', rows: 3 }}
          error={(error) => (
            <WorkflowError error={error} what="the runs" onRetry={() => void runs.refetch()} />
          )}
          empty={(all) =>
            all.length === 0 ? (
              <EmptyState
                title="No runs yet"
                description="Run the workflow to see its first run here."
              />
            ) : (
              found.matching.length === 0 && (
                <EmptyState
                  title="No run matches these filters"
                  description={`${plural(all.length, 'run')} in all, none matching.`}
                  action={<Button onClick={() => list.set(noRunFilters)}>Clear the filters</Button>}
                />
              )
            )
          }
        >
          <RunsTable
            runs={found.shown}
            // The table says the order: a header pressed again turns it around, a new one descends.
            sort={list.tableSort(() => 'desc')}
            pager={list.pager({ pageSize: RUNS_PAGE_SIZE, total: found.matching.length })}
          />
        </PageState>
      </Stack>
    </PanelSection>
  );
}

/** One workflow: its definition in steps, Run with its inputs, and its runs. */
export function WorkflowPage() {
  const workflowId = useParams().workflowId ?? '';
  const workflow = useWorkflow(workflowId);
  const w = workflow.data;
  return (
    <>
      <PageHeader
        title={workflow.isError ? 'Workflow' : w?.name}
        breadcrumbs={[{ label: 'Workflows', to: workflowsPath() }]}
        subtitle={w?.description || undefined}
        actions={
          w && (
            <Button
              component={RouterLink}
              to={editWorkflowPath(w.id)}
              variant="outlined"
              startIcon={<EditOutlinedIcon />}
            >
              Edit
            </Button>
          )
        }
      />
      <PageState
        query={workflow}
        loading={{ variant: 'details', label: 'Loading the workflow' }}
        error={(error) => (
          <WorkflowError
            error={error}
            what="this workflow"
            onRetry={() => void workflow.refetch()}
          />
        )}
      >
        {(w) => (
          <Stack spacing={3}>
            <TwoColumns widths={[3, 2]}>
              <PanelSection title="Definition">
                <DefinitionList
                  items={[
                    { label: 'Version', value: formatCount(w.version) },
                    { label: 'Owner', value: <UserName id={w.owner} /> },
                    { label: 'Modified', value: <DateTime value={w.updatedOn} /> },
                    { label: 'Created', value: <DateTime value={w.createdOn} /> },
                  ]}
                />
                <Typography variant="subtitle2" component="h3" sx={{ mt: 3, mb: 1 }}>
                  {plural(w.definition.steps.length, 'step')}
                </Typography>
                <StepsSummary steps={w.definition.steps} />
              </PanelSection>
              <PanelSection title="Run">
                <RunForm
                  key={`${w.id}:${w.version}`}
                  workflowId={w.id}
                  inputs={w.definition.inputs ?? []}
                />
              </PanelSection>
            </TwoColumns>
            <Runs workflowId={w.id} />
            <Section title="History">
              <ObjectHistory objectType="workflow" objectId={w.id} />
            </Section>
          </Stack>
        )}
      </PageState>
    </>
  );
}

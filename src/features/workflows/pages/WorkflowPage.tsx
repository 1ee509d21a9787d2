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
  LoadingState,
  ObjectHistory,
  PageHeader,
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
import { useRunsList } from '../hooks/use-runs-list';
import { editWorkflowPath, workflowsPath } from '../paths';

function Runs({ workflowId }: { workflowId: string }) {
  const list = useRunsList(workflowId);
  const { runs } = list;
  let body;
  if (runs.isPending) body = <LoadingState label="Loading the runs" rows={3} />;
  else if (runs.isError)
    body = <WorkflowError error={runs.error} what="the runs" onRetry={() => void runs.refetch()} />;
  else if (runs.data.length === 0)
    body = (
      <EmptyState title="No runs yet" description="Run the workflow to see its first run here." />
    );
  else if (list.matching.length === 0)
    body = (
      <EmptyState
        title="No run matches these filters"
        description={`${plural(runs.data.length, 'run')} in all, none matching.`}
        action={<Button onClick={list.clear}>Clear the filters</Button>}
      />
    );
  else body = <RunsTable list={list} />;
  return (
    <PanelSection title="Runs">
      <Stack spacing={2}>
        <RunsFilters list={list} />
        {list.isTruncated && (
          <Alert severity="info">
            Only the newest {formatCount(runs.data?.length ?? 0)} runs are listed and filtered here.
          </Alert>
        )}
        {body}
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
      {workflow.isPending ? (
        <LoadingState variant="details" label="Loading the workflow" />
      ) : workflow.isError ? (
        <WorkflowError
          error={workflow.error}
          what="this workflow"
          onRetry={() => void workflow.refetch()}
        />
      ) : w ? (
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
      ) : null}
    </>
  );
}

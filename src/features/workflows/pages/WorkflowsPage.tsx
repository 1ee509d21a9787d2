import Paper from '@mui/material/Paper';
import { EmptyState, PageHeader, PageState, SearchField } from '../../../components';
import { NewButton } from '../../../components/NewButton';
import { useListController } from '../../../hooks/use-list-controller';
import { plural } from '../../../lib/format';
import { newWorkflowPath } from '../../../lib/paths';
import { WorkflowError } from '../components/WorkflowError';
import { WorkflowsTable } from '../components/WorkflowsTable';
import { useWorkflowsList, WORKFLOWS_PAGE_SIZE } from '../hooks/use-workflows-list';
import { workflowsSpec } from '../lib/list-params';

function NewWorkflowButton() {
  return <NewButton to={newWorkflowPath()}>New workflow</NewButton>;
}

/** Every workflow the console's token may see: what it is, its version, and how it last ran. */
export function WorkflowsPage() {
  const list = useListController(workflowsSpec);
  const found = useWorkflowsList(list.params);
  const { workflows } = found;

  return (
    <>
      <PageHeader
        title="Workflows"
        subtitle="Steps that run in order on the platform, with their runs and logs."
        actions={<NewWorkflowButton />}
      />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <SearchField
          label="Workflow name"
          value={list.params.q}
          onSearch={list.setters.q}
          sx={{ mb: 2 }}
        />
        <PageState
          query={workflows}
          loading="Loading workflows"
          error={(error) => (
            <WorkflowError
              error={error}
              what="the workflows"
              onRetry={() => void workflows.refetch()}
            />
          )}
          empty={() =>
            found.total === 0 ? (
              <EmptyState
                title="No workflows yet"
                description="A workflow runs typed steps in order: generate text, query documents, export a dataset, run a stream, wait, notify."
                action={<NewWorkflowButton />}
              />
            ) : (
              found.matching.length === 0 && (
                <EmptyState
                  title="No workflow matches this name"
                  description={`${plural(found.total, 'workflow')} in all, none with “${list.params.q}” in its name.`}
                />
              )
            )
          }
        >
          <WorkflowsTable
            workflows={found.shown}
            pager={list.pager({ pageSize: WORKFLOWS_PAGE_SIZE, total: found.matching.length })}
          />
        </PageState>
      </Paper>
    </>
  );
}

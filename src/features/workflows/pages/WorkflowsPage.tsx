import Paper from '@mui/material/Paper';
import { EmptyState, LoadingState, PageHeader, SearchField } from '../../../components';
import { NewButton } from '../../../components/NewButton';
import { plural } from '../../../lib/format';
import { WorkflowError } from '../components/WorkflowError';
import { WorkflowsTable } from '../components/WorkflowsTable';
import { useWorkflowsList, WORKFLOWS_PAGE_SIZE } from '../hooks/use-workflows-list';
import { newWorkflowPath } from '../paths';

function NewWorkflowButton() {
  return <NewButton to={newWorkflowPath()}>New workflow</NewButton>;
}

/** Every workflow the console's token may see: what it is, its version, and how it last ran. */
export function WorkflowsPage() {
  const list = useWorkflowsList();
  const { workflows } = list;

  let body;
  if (workflows.isPending) body = <LoadingState label="Loading workflows" />;
  else if (workflows.isError)
    body = (
      <WorkflowError
        error={workflows.error}
        what="the workflows"
        onRetry={() => void workflows.refetch()}
      />
    );
  else if (list.total === 0)
    body = (
      <EmptyState
        title="No workflows yet"
        description="A workflow runs typed steps in order: generate text, query documents, export a dataset, run a stream, wait, notify."
        action={<NewWorkflowButton />}
      />
    );
  else if (list.matching.length === 0)
    body = (
      <EmptyState
        title="No workflow matches this name"
        description={`${plural(list.total, 'workflow')} in all, none with “${list.search}” in its name.`}
      />
    );
  else
    body = (
      <WorkflowsTable
        workflows={list.shown}
        pager={{
          page: list.page,
          pageSize: WORKFLOWS_PAGE_SIZE,
          total: list.matching.length,
          onPageChange: list.setPage,
        }}
      />
    );

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
          value={list.search}
          onSearch={list.setSearch}
          sx={{ mb: 2 }}
        />
        {body}
      </Paper>
    </>
  );
}

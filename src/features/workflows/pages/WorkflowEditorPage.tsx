import { lazy, Suspense, useMemo } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Workflow } from '../../../api/contract';
import { useWorkflow } from '../../../api/workflows';
import { LeaveDialog, LoadingState, PageHeader, PageState } from '../../../components';
import { PanelSection } from '../../../components/PanelSection';
import { TwoColumns } from '../../../components/TwoColumns';
import { formatCount, plural } from '../../../lib/format';
import { DraftTextField } from '../components/DraftTextField';
import { InputsEditor } from '../components/InputsEditor';
import { StepList } from '../components/StepList';
import { WorkflowError } from '../components/WorkflowError';
import { useWorkflowEditor } from '../hooks/use-workflow-editor';
import { emptyDraft, toDraft, type Draft } from '../lib/draft';
import { workflowPath, workflowsPath } from '../../../lib/paths';

// CodeMirror is heavy: the list and run pages of this chunk do without it.
const DefinitionJson = lazy(() => import('../components/DefinitionJson'));

function EditorForm({ initial, workflow }: { initial: Draft; workflow?: Workflow }) {
  const editor = useWorkflowEditor(initial, workflow?.id);
  const { draft, dispatch, problems } = editor;
  const title = workflow ? `Edit ${workflow.name}` : 'New workflow';
  const crumbs = [
    { label: 'Workflows', to: workflowsPath() },
    ...(workflow ? [{ label: workflow.name, to: workflowPath(workflow.id) }] : []),
  ];

  return (
    <Box
      component="form"
      noValidate
      aria-label={title}
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        // Not sent: take the reader to the first field that says why.
        if (!editor.save())
          requestAnimationFrame(() =>
            form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
          );
      }}
    >
      <PageHeader
        title={title}
        breadcrumbs={crumbs}
        subtitle={
          workflow
            ? `Version ${formatCount(workflow.version)}; saving makes version ${formatCount(workflow.version + 1)}. Runs already started keep their version.`
            : 'Name it, declare the inputs a run is given, and add its steps.'
        }
        actions={
          <>
            <Button
              component={RouterLink}
              to={workflow ? workflowPath(workflow.id) : workflowsPath()}
            >
              Cancel
            </Button>
            <Button type="submit" variant="contained" loading={editor.saving}>
              {workflow ? 'Save' : 'Create workflow'}
            </Button>
          </>
        }
      />
      <Stack spacing={2} sx={{ mb: 2 }}>
        {editor.clientProblemCount > 0 && (
          <Alert severity="error">
            {plural(editor.clientProblemCount, 'problem')} to fix before saving; each is shown on
            its step and field.
          </Alert>
        )}
        {problems.general.length > 0 && (
          <Alert severity="error">
            <AlertTitle>The definition is not valid</AlertTitle>
            {problems.general.map((p) => (
              <div key={p}>{p}</div>
            ))}
          </Alert>
        )}
        {editor.saveError !== undefined && (
          <WorkflowError
            error={editor.saveError}
            what="this workflow"
            title="The workflow was not saved"
          />
        )}
      </Stack>
      <TwoColumns widths={[7, 5]}>
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack spacing={2}>
              <DraftTextField
                label="Name"
                required
                value={draft.name}
                onChange={(value) => dispatch({ type: 'name', value })}
                problem={problems.name}
              />
              <DraftTextField
                label="Description"
                multiline
                minRows={2}
                value={draft.description}
                onChange={(value) => dispatch({ type: 'description', value })}
                problem={problems.description}
              />
            </Stack>
          </Paper>
          <PanelSection title="Inputs" headingGap={1.5}>
            <InputsEditor
              inputs={draft.definition.inputs ?? []}
              problems={problems.inputs}
              dispatch={dispatch}
            />
          </PanelSection>
          <Box component="section" aria-labelledby="wf-steps">
            <Typography id="wf-steps" variant="h6" component="h2">
              Steps
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
              Run in order. A setting reads the run’s input as {'${input.name}'} and an earlier
              step’s output as {'${steps.<step id>.output}'}.
            </Typography>
            <StepList draft={draft} problems={problems} dispatch={dispatch} />
          </Box>
        </Stack>
        <PanelSection
          title="Definition"
          headingGap={1}
          sx={{ position: { lg: 'sticky' }, top: { lg: 80 }, minWidth: 0 }}
        >
          <Suspense fallback={<LoadingState label="Loading the JSON editor" rows={6} />}>
            <DefinitionJson
              value={draft.json}
              error={draft.jsonError}
              onChange={(text) => dispatch({ type: 'json', text })}
            />
          </Suspense>
        </PanelSection>
      </TwoColumns>
      <LeaveDialog guard={editor.leaveGuard} title="Leave without saving?">
        The changes to this workflow are not saved; they will be lost.
      </LeaveDialog>
    </Box>
  );
}

function EditExisting({ workflowId }: { workflowId: string }) {
  const workflow = useWorkflow(workflowId);
  const initial = useMemo(
    () => (workflow.data ? toDraft(workflow.data) : undefined),
    [workflow.data],
  );
  return (
    <>
      {/* The form has a header of its own. */}
      {!workflow.data && (
        <PageHeader
          title={workflow.isError ? 'Edit workflow' : undefined}
          breadcrumbs={[{ label: 'Workflows', to: workflowsPath() }]}
        />
      )}
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
        {(found) =>
          // Server data is the form's starting value, never its live state: a refetch does not
          // reset it.
          initial && <EditorForm key={found.id} initial={initial} workflow={found} />
        }
      </PageState>
    </>
  );
}

/** `/workflows/new` and `/workflows/:id/edit`: the step editor beside the definition's JSON. */
export function WorkflowEditorPage() {
  const { workflowId } = useParams();
  const fresh = useMemo(() => emptyDraft(), []);
  return workflowId ? <EditExisting workflowId={workflowId} /> : <EditorForm initial={fresh} />;
}

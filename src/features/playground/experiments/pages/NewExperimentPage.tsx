import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { ErrorState, PageHeader, Section } from '../../../../components';
import { BusyButton } from '../../../../components/BusyButton';
import { FormSelectField, FormTextField } from '../../../../components/form';
import { playgroundPath } from '../../../../lib/paths';
import { experimentsPath } from '../../lib/experiments-path';
import { EstimateSummary } from '../components/EstimateSummary';
import { SetupCases } from '../components/SetupCases';
import { SetupMapping } from '../components/SetupMapping';
import { SetupScorers } from '../components/SetupScorers';
import { SetupVariants } from '../components/SetupVariants';
import { useExperimentSetup } from '../hooks/use-experiment-setup';
import { defaultModel, DRAFT_SOURCE, savedSource } from '../lib/setup-form';
import { stickyActionsSx } from '../../lib/sticky-actions';

/** Set up an experiment: a prompt, the cases, the variants and the scorers; then run it. */
export function NewExperimentPage() {
  const setup = useExperimentSetup();
  const { form, values, versions } = setup;
  const { control } = form;
  const model = defaultModel(setup.models.data);
  const promptChoices = [
    ...(setup.draft
      ? [{ value: DRAFT_SOURCE, label: 'The playground’s draft', detail: 'As you left it' }]
      : []),
    ...setup.saved.map((p) => ({
      value: savedSource(p.name),
      label: p.name,
      detail: `Saved prompt · latest v${p.versions.length + 1}`,
    })),
  ];
  const template = versions[0]?.draft.template;

  return (
    <>
      <PageHeader
        title="New experiment"
        breadcrumbs={[
          { label: 'Prompt playground', to: playgroundPath() },
          { label: 'Experiments', to: experimentsPath() },
        ]}
        subtitle="A prompt over a dataset’s rows: each row is a case, each variant answers it, each answer is scored."
      />
      <Paper variant="outlined" sx={{ p: 2.5 }}>
        <Box component="form" noValidate onSubmit={setup.submit} aria-label="New experiment">
          <Section title="Prompt">
            <Stack spacing={2}>
              <FormTextField
                control={control}
                name="name"
                label="Experiment name"
                required
                fullWidth
                autoFocus
              />
              {promptChoices.length === 0 ? (
                <Alert severity="info">
                  No prompt to run yet: write one in the{' '}
                  <Link component={RouterLink} to={playgroundPath()}>
                    prompt playground
                  </Link>
                  , save it, or come here through its Experiments link to bring its draft.
                </Alert>
              ) : (
                <FormSelectField
                  control={control}
                  name="prompt"
                  label="Prompt"
                  required
                  choices={promptChoices}
                  helperText="A prompt saved in this browser, or the playground’s draft"
                  sx={{ maxWidth: 480 }}
                />
              )}
              {template !== undefined && (
                <Box>
                  <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
                    Its template ({versions[0]?.label})
                  </Typography>
                  <Typography
                    component="pre"
                    // Scrolls when long: focusable, so the keyboard scrolls it too.
                    tabIndex={0}
                    aria-label="Template"
                    sx={{
                      m: 0,
                      p: 1.5,
                      bgcolor: 'action.hover',
                      borderRadius: 1,
                      fontFamily: 'monospace',
                      fontSize: '0.8125rem',
                      whiteSpace: 'pre-wrap',
                      overflowWrap: 'anywhere',
                      maxHeight: 160,
                      overflowY: 'auto',
                    }}
                  >
                    {template}
                  </Typography>
                </Box>
              )}
            </Stack>
          </Section>
          <Section title="Cases" description="Rows of a dataset, at most 1,000.">
            <SetupCases
              control={control}
              casesBy={values.casesBy}
              datasets={setup.datasets.data?.datasets}
              datasetsLoading={setup.datasets.isPending}
              datasetsError={setup.datasets.isError}
              columns={setup.columns}
              columnsLoading={setup.schema.isFetching}
            />
          </Section>
          <Section
            title="Placeholders"
            description="Each placeholder is filled from a column of the case’s row; those named like a column are mapped already."
          >
            {setup.schema.isError && (
              <Box sx={{ mb: 2 }}>
                <ErrorState
                  error={setup.schema.error}
                  title="The dataset’s columns cannot be read"
                  onRetry={() => void setup.schema.refetch()}
                />
              </Box>
            )}
            <SetupMapping
              control={control}
              names={setup.names}
              columns={setup.columns}
              columnsLoading={setup.schema.isFetching}
            />
          </Section>
          <Section title="Variants" description="Each case is answered once per variant.">
            <SetupVariants
              control={control}
              models={setup.models.data}
              versions={versions}
              defaultModel={model}
            />
          </Section>
          <Section
            title="Scorers"
            description="Each answer gets a score from 0 (fails) to 1 (passes) per scorer."
          >
            <SetupScorers control={control} models={setup.models.data} defaultModel={model} />
          </Section>
          <Box
            role="group"
            aria-label="Run the experiment"
            sx={{
              ...stickyActionsSx,
            }}
          >
            <EstimateSummary
              estimate={setup.estimate.data}
              complete={setup.complete}
              current={setup.estimate.current}
              fetching={setup.estimate.isFetching}
              error={setup.estimate.error}
            />
            {setup.create.isError && (
              <Box sx={{ mt: 1.5 }}>
                <ErrorState error={setup.create.error} title="The experiment was not started" />
              </Box>
            )}
            {form.formState.submitCount > 0 && !form.formState.isValid && (
              <Alert severity="error" sx={{ mt: 1.5 }}>
                Not started: fix the fields marked above first.
              </Alert>
            )}
            <Stack direction="row" spacing={1.5} sx={{ mt: 1.5 }}>
              <BusyButton type="submit" icon={<PlayArrowIcon />} busy={setup.create.isPending}>
                Run experiment
              </BusyButton>
              <Button component={RouterLink} to={experimentsPath()}>
                Cancel
              </Button>
            </Stack>
          </Box>
        </Box>
      </Paper>
    </>
  );
}

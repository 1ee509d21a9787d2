import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import { useGenerationModels } from '../../../api/generation';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { PageHeader } from '../../../components/PageHeader';
import { Section } from '../../../components/Section';
import { TwoColumns } from '../../../components/TwoColumns';
import { useNotify } from '../../../components/notifications';
import { AnswerPanel } from '../components/AnswerPanel';
import { ComparePanel } from '../components/ComparePanel';
import { HistoryPanel } from '../components/HistoryPanel';
import { ParametersForm } from '../components/ParametersForm';
import { SavedPrompts } from '../components/SavedPrompts';
import { RunAnnouncer } from '../components/RunAnnouncer';
import { SettingsForm } from '../components/SettingsForm';
import { StoppedAnswer } from '../components/StoppedAnswer';
import { StreamingAnswer } from '../components/StreamingAnswer';
import { TemplateEditor } from '../components/TemplateEditor';
import { useCompare } from '../hooks/use-compare';
import { usePlayground } from '../hooks/use-playground';
import { hasProblems } from '../lib/draft';
import { handOffDraft } from '../lib/draft-handoff';
import { experimentsPath } from '../lib/experiments-path';
import { stickyActionsSx } from '../lib/sticky-actions';

const views = ['history', 'compare', 'saved'] as const;
type View = (typeof views)[number];
const viewLabels: Record<View, string> = {
  history: 'History',
  compare: 'Compare',
  saved: 'Saved prompts',
};

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** Write a template, fill its parameters, run it, and compare, restore and keep what works. */
export function PlaygroundPage() {
  const playground = usePlayground();
  const compare = useCompare(playground.sessionId);
  const models = useGenerationModels();
  const notify = useNotify();
  const [params, setParams] = useSearchParams();
  const view: View = views.find((v) => v === params.get('view')) ?? 'history';
  const setView = (next: View) =>
    setParams((current) => {
      const search = new URLSearchParams(current);
      search.set('view', next);
      return search;
    });
  const { draft, problems } = playground;
  const draftForm = { draft, problems, onChange: playground.change };
  const blocked = problems !== undefined && hasProblems(problems);
  const shortcut = isMac ? '⌘ Enter' : 'Ctrl+Enter';

  return (
    <Box
      onKeyDown={(event) => {
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          playground.run();
        }
      }}
    >
      <PageHeader
        title="Prompt playground"
        subtitle={`Session ${playground.sessionId}: every run is kept in it, in order.`}
        actions={
          <>
            <Button onClick={playground.newSession}>New session</Button>
            {/* The draft goes along, so a new experiment can run it over a dataset. */}
            <Button
              component={RouterLink}
              to={experimentsPath()}
              variant="outlined"
              startIcon={<ScienceOutlinedIcon />}
              onClick={() => handOffDraft(draft)}
            >
              Experiments
            </Button>
          </>
        }
      />
      <TwoColumns sx={{ alignItems: 'stretch' }}>
        <Paper variant="outlined" sx={{ p: 2.5 }}>
          <Section title="Prompt">
            <Stack spacing={2}>
              <TemplateEditor
                value={draft.template}
                onChange={(template) => playground.change({ template })}
                onSubmit={playground.run}
                describedBy="template-hint"
              />
              <Typography id="template-hint" variant="caption" sx={{ color: 'text.secondary' }}>
                Placeholders: {'${input}'}, {'${system}'}, and any {'${name}'} of your own (a field
                appears for it).
              </Typography>
              <ParametersForm {...draftForm} names={playground.names} />
            </Stack>
          </Section>
          <Section title="Settings">
            {models.isError ? (
              <ErrorState
                error={models.error}
                title="The models cannot be listed"
                onRetry={() => void models.refetch()}
              />
            ) : (
              <SettingsForm {...draftForm} models={models.data} />
            )}
          </Section>
          {blocked && (
            <Alert severity="error" sx={{ mb: 2 }}>
              Not sent: fix the fields marked above first.
            </Alert>
          )}
          {/* Sticks to the bottom of the window while the prompt is taller than it: Run is
              always in view beside the answer. */}
          <Stack
            direction="row"
            spacing={1.5}
            role="group"
            aria-label="Run the prompt"
            sx={{
              alignItems: 'center',
              ...stickyActionsSx,
              borderBottomLeftRadius: 8,
              borderBottomRightRadius: 8,
            }}
          >
            <Button
              variant="contained"
              startIcon={<PlayArrowIcon />}
              onClick={playground.run}
              disabled={playground.running}
            >
              Run
            </Button>
            {playground.running && (
              <Button onClick={playground.cancel}>{playground.stream ? 'Stop' : 'Cancel'}</Button>
            )}
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {shortcut} runs from anywhere on the page
            </Typography>
          </Stack>
        </Paper>
        {/* Beside the prompt from 1200 px, it stays in view while the prompt scrolls. */}
        <Paper
          variant="outlined"
          sx={{
            p: 2.5,
            alignSelf: 'start',
            position: { lg: 'sticky' },
            top: { lg: 80 },
            maxHeight: { lg: 'calc(100vh - 96px)' },
            overflowY: { lg: 'auto' },
          }}
        >
          <Section title="Answer">
            <RunAnnouncer message={playground.announcement} />
            {playground.stream ? (
              <StreamingAnswer text={playground.stream} />
            ) : playground.running ? (
              <Stack spacing={1}>
                <LinearProgress aria-label="Running the prompt" />
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  Waiting for the model…
                </Typography>
              </Stack>
            ) : playground.error ? (
              <ErrorState error={playground.error} title="The run failed" />
            ) : playground.stopped ? (
              <StoppedAnswer run={playground.stopped} />
            ) : playground.last ? (
              <AnswerPanel result={playground.last.result} request={playground.last.request} />
            ) : playground.cancelled ? (
              <Alert severity="info">Run cancelled: nothing was kept.</Alert>
            ) : (
              <EmptyState
                title="No answer yet"
                description={`Fill the template’s parameters and press Run (${shortcut}). The answer, the prompt as sent, its tokens and latency appear here.`}
              />
            )}
          </Section>
        </Paper>
      </TwoColumns>
      <Paper variant="outlined" sx={{ p: 2.5, mt: 3 }}>
        <Tabs
          value={view}
          onChange={(_e, next: View) => setView(next)}
          aria-label="Session views"
          sx={{ mb: 2 }}
        >
          {views.map((v) => (
            <Tab
              key={v}
              value={v}
              label={viewLabels[v]}
              id={`view-tab-${v}`}
              aria-controls={`view-panel-${v}`}
            />
          ))}
        </Tabs>
        <Box role="tabpanel" id={`view-panel-${view}`} aria-labelledby={`view-tab-${view}`}>
          {view === 'history' && (
            <HistoryPanel
              sessionId={playground.sessionId}
              onRestore={(restored) => {
                playground.restore(restored);
                notify.info('Run restored into the editor');
              }}
            />
          )}
          {view === 'compare' && <ComparePanel draft={draft} compare={compare} />}
          {view === 'saved' && (
            <SavedPrompts draft={draft} onLoad={playground.restore} onNotice={notify.success} />
          )}
        </Box>
      </Paper>
    </Box>
  );
}

import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import { experimentStates } from '../../../../api/contract';
import {
  EmptyState,
  PageHeader,
  PageState,
  SearchField,
  SelectFilter,
} from '../../../../components';
import { NewButton } from '../../../../components/NewButton';
import { useListController } from '../../../../hooks/use-list-controller';
import { plural } from '../../../../lib/format';
import { playgroundPath } from '../../../../lib/paths';
import { experimentsPath } from '../../lib/experiments-path';
import { ExperimentsTable } from '../components/ExperimentsTable';
import { EXPERIMENTS_PAGE_SIZE, useExperimentsList } from '../hooks/use-experiments-list';
import { experimentStateWords } from '../lib/describe';
import { experimentsSpec } from '../lib/list-params';

const stateChoices = new Map(experimentStates.map((s) => [s, experimentStateWords[s]]));

function NewExperimentButton() {
  return <NewButton to={experimentsPath('new')}>New experiment</NewButton>;
}

/** Every experiment the caller may see: what ran, over which data, how it scored, who ran it. */
export function ExperimentsPage() {
  const list = useListController(experimentsSpec);
  const found = useExperimentsList(list.params);
  const { experiments, picked } = found;
  const filtered = list.params.q !== '' || list.params.state !== null;
  const names = picked.map((id) => experiments.data?.find((e) => e.id === id)?.name ?? '');

  return (
    <>
      <PageHeader
        title="Prompt experiments"
        breadcrumbs={[{ label: 'Prompt playground', to: playgroundPath() }]}
        subtitle="One prompt over a dataset’s rows, up to four variants side by side, each answer scored."
        actions={<NewExperimentButton />}
      />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ mb: 2, alignItems: { md: 'center' } }}
        >
          <SearchField label="Experiment name" value={list.params.q} onSearch={list.setters.q} />
          <SelectFilter
            label="State"
            anyLabel="Any state"
            choices={stateChoices}
            value={list.params.state}
            onChange={list.setters.state}
          />
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', ml: { md: 'auto' } }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }} aria-live="polite">
              {picked.length === 2
                ? `${names[0]} and ${names[1]}`
                : 'Pick two experiments to compare their cases'}
            </Typography>
            <Button
              variant="outlined"
              startIcon={<CompareArrowsIcon />}
              disabled={picked.length !== 2}
              {...(picked.length === 2
                ? {
                    component: RouterLink,
                    to: experimentsPath(
                      'compare',
                      new URLSearchParams({ a: picked[0]!, b: picked[1]! }).toString(),
                    ),
                  }
                : {})}
            >
              Compare
            </Button>
          </Stack>
        </Stack>
        <PageState
          query={experiments}
          loading="Loading experiments"
          errorTitle="The experiments cannot be listed"
          empty={() =>
            found.total === 0 ? (
              <EmptyState
                title="No experiments yet"
                description="An experiment runs a prompt over a dataset’s rows with up to four variants (model, prompt version, parameters) and scores every answer."
                action={<NewExperimentButton />}
              />
            ) : (
              found.matching.length === 0 &&
              filtered && (
                <EmptyState
                  title="No experiment matches"
                  description={`${plural(found.total, 'experiment')} in all, none with this name and state.`}
                  action={
                    <Button onClick={() => list.set({ q: '', state: null })}>
                      Clear the filters
                    </Button>
                  }
                />
              )
            )
          }
        >
          <ExperimentsTable
            experiments={found.shown}
            picked={picked}
            onPick={found.toggle}
            sort={list.tableSort((field) => (field === 'created' ? 'desc' : 'asc'))}
            pager={list.pager({
              pageSize: EXPERIMENTS_PAGE_SIZE,
              total: found.matching.length,
            })}
          />
        </PageState>
      </Paper>
    </>
  );
}

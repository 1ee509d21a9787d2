import { CompareExperimentsPage } from './CompareExperimentsPage';
import { ExperimentPage } from './ExperimentPage';
import { ExperimentsPage } from './ExperimentsPage';
import { NewExperimentPage } from './NewExperimentPage';

/**
 * Every screen under `/playground/experiments/`, picked by the next segment of `path` (what
 * follows `experiments/`): the app's router has one route for the playground and all of these.
 */
export function ExperimentScreens({ path }: { path: string }) {
  const [first = ''] = path.split('/');
  if (first === '') return <ExperimentsPage />;
  if (first === 'new') return <NewExperimentPage />;
  if (first === 'compare') return <CompareExperimentsPage />;
  return <ExperimentPage key={first} experimentId={first} />;
}

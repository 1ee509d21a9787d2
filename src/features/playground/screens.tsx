import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { LoadingState } from '../../components/LoadingState';

const Playground = lazy(async () => ({ default: (await import('./pages')).PlaygroundPage }));
const Experiments = lazy(async () => ({
  default: (await import('./experiments/pages')).ExperimentScreens,
}));

/**
 * Every screen under `/playground` (React Router's `lazy` takes this module's `Component`): the
 * playground itself, or its experiments, each fetched from here. The app's router then holds one
 * route for all of them, and the first page carries neither's list of chunks.
 */
export function Component() {
  const [first = '', ...rest] = (useParams()['*'] ?? '').split('/');
  const experiments = first === 'experiments';
  return (
    <Suspense
      fallback={
        <LoadingState label={experiments ? 'Loading experiments' : 'Loading the playground'} />
      }
    >
      {experiments ? <Experiments path={rest.join('/')} /> : <Playground />}
    </Suspense>
  );
}

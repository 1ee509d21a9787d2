import { playgroundPath } from '../../../lib/paths';

/**
 * The prompt experiments list, or one of its screens: `new`, `compare` (with `a` and `b` in the
 * search) or an experiment's id. Kept with the playground, not in lib/paths.ts: every path there
 * is carried by the first page.
 */
export const experimentsPath = (screen = '', search = '') => {
  const path = `${playgroundPath()}/experiments${screen && `/${encodeURIComponent(screen)}`}`;
  return search ? `${path}?${search}` : path;
};

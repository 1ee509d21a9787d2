import type { Notifier } from './store';

interface RouterLike {
  state: { location: { pathname: string } };
  subscribe: (listener: (state: { location: { pathname: string } }) => void) => () => void;
}

/** Keeps the notifier on the router's path, so that a screen's messages stay on that screen. */
export function followLocation(router: RouterLike, notifier: Notifier): () => void {
  notifier.setPath(router.state.location.pathname);
  return router.subscribe((state) => notifier.setPath(state.location.pathname));
}

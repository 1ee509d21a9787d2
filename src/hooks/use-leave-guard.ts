import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * While `dirty`, leaving the page asks first: a link or Back inside the console opens the
 * returned dialog state; closing or reloading the tab gets the browser's own prompt. Moving
 * within the page (same path, another query, such as a wizard's `?step=`) is never blocked.
 */
export function useLeaveGuard(dirty: boolean, isLeaving: () => boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !isLeaving() && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (isLeaving()) return;
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty, isLeaving]);

  return {
    asking: blocker.state === 'blocked',
    stay: () => blocker.reset?.(),
    leave: () => blocker.proceed?.(),
  };
}

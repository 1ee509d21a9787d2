import {
  forwardRef,
  lazy,
  type ComponentType,
  Suspense,
  useCallback,
  useImperativeHandle,
  useRef,
} from 'react';

/*
 * MUI's TouchRipple, loaded on first use: ButtonBase mounts its ripple only
 * on the first press or keyboard focus (useLazyRipple), so the first page does without the ripple's
 * code (TouchRipple, Ripple, react-transition-group's TransitionGroup) until then. vite.config.ts
 * points ButtonBase's import of ./TouchRipple here in the build. The ripple's methods (start, stop,
 * pulsate) called before the real one is there are replayed, in order, as soon as it mounts; the
 * ripple is an absolutely positioned overlay, so nothing moves while it loads.
 */

interface RippleHandle {
  start: (...args: unknown[]) => void;
  stop: (...args: unknown[]) => void;
  pulsate: (...args: unknown[]) => void;
}

const TouchRipple = lazy(() =>
  import('@mui/material/ButtonBase/TouchRipple').then((m) => ({
    default: m.default as unknown as ComponentType<Record<string, unknown>>,
  })),
);

const LazyTouchRipple = forwardRef<RippleHandle, Record<string, unknown>>(
  function LazyTouchRipple(props, ref) {
    const real = useRef<RippleHandle | null>(null);
    const pending = useRef<[keyof RippleHandle, unknown[]][]>([]);
    useImperativeHandle(ref, () => {
      const call =
        (method: keyof RippleHandle) =>
        (...args: unknown[]) => {
          if (real.current) real.current[method](...args);
          else pending.current.push([method, args]);
        };
      return { start: call('start'), stop: call('stop'), pulsate: call('pulsate') };
    }, []);
    const attach = useCallback((handle: RippleHandle | null) => {
      real.current = handle;
      if (handle) for (const [method, args] of pending.current.splice(0)) handle[method](...args);
    }, []);
    return (
      <Suspense fallback={null}>
        <TouchRipple {...props} ref={attach as never} />
      </Suspense>
    );
  },
);

export default LazyTouchRipple;

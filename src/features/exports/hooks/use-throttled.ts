import { useEffect, useRef, useState } from 'react';

/**
 * `value`, passed on at most once every `ms` (the last one always arrives). For what is costly to
 * draw and changes in bursts: hundreds of datasets answering one after another.
 */
export function useThrottled<T>(value: T, ms: number): T {
  const [shown, setShown] = useState(value);
  const last = useRef(0);
  useEffect(() => {
    const id = window.setTimeout(
      () => {
        last.current = Date.now();
        setShown(value);
      },
      Math.max(0, last.current + ms - Date.now()),
    );
    return () => window.clearTimeout(id);
  }, [value, ms]);
  return shown;
}

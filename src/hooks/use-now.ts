import { useEffect, useState } from 'react';

/** The time, read again every `everyMs` while `ticking` (an elapsed time that counts on screen). */
export function useNow(ticking: boolean, everyMs = 1000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [ticking, everyMs]);
  return now;
}

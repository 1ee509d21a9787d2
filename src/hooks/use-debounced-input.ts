import { useEffect, useState } from 'react';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A text input that commits its value after a pause in typing. When the committed value changes
 * from elsewhere (the back button), the input follows it; its own commits never overwrite what
 * was typed since.
 */
export function useDebouncedInput(committed: string, commit: (value: string) => void) {
  const [value, setValue] = useState(committed);
  const [seen, setSeen] = useState(committed);
  const [sent, setSent] = useState<string | null>(null);
  if (committed !== seen) {
    setSeen(committed);
    setSent(null);
    if (committed !== sent) setValue(committed);
  }

  useEffect(() => {
    const wanted = value.trim();
    if (wanted === committed) return;
    const timer = setTimeout(() => {
      setSent(wanted);
      commit(wanted);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value, committed, commit]);

  return [value, setValue] as const;
}

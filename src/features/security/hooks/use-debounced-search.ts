import { useEffect, useState } from 'react';

const SEARCH_DEBOUNCE_MS = 300;

/** The search box keeps what is typed; the URL gets it once typing pauses. */
export function useDebouncedSearch(value: string, commit: (value: string) => void) {
  const [text, setText] = useState(value);
  const [committed, setCommitted] = useState(value);
  if (value !== committed) {
    setCommitted(value);
    if (value !== text.trim()) setText(value);
  }
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => commit(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, commit]);
  return [text, setText] as const;
}

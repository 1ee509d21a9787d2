import { useEffect, useState } from 'react';

const DEBOUNCE_MS = 300;

/** A search box keeps what is typed; `commit` gets it once typing pauses. */
export function useDebouncedText(value: string, commit: (value: string) => void) {
  const [text, setText] = useState(value);
  const [committed, setCommitted] = useState(value);
  if (value !== committed) {
    setCommitted(value);
    if (value !== text.trim()) setText(value);
  }
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => commit(text), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, commit]);
  return [text, setText] as const;
}

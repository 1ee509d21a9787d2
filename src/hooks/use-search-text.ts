import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigation } from 'react-router';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * What is typed into a search field, handed to `commit` once typing pauses. The pending write
 * belongs to the screen that started it: it is dropped when the screen goes away, when the user
 * starts leaving for another path (a lazy screen may keep this one mounted while it loads), and
 * when the address changes another way (paging, a drawer, Back), after which the field shows
 * what the address says. Its own write landing keeps what was typed since.
 */
export function useSearchText(value: string, commit: (value: string) => void) {
  const location = useLocation();
  const navigation = useNavigation();
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState({ key: location.key, value });
  const [sent, setSent] = useState<string | null>(null);
  if (location.key !== seen.key || value !== seen.value) {
    setSeen({ key: location.key, value });
    setSent(null);
    if (value !== sent) setText(value);
  }

  const commitRef = useRef(commit);
  useEffect(() => {
    commitRef.current = commit;
  });

  const leaving = navigation.state !== 'idle' && navigation.location.pathname !== location.pathname;
  useEffect(() => {
    const wanted = text.trim();
    if (leaving || wanted === value) return;
    const timer = setTimeout(() => {
      setSent(wanted);
      commitRef.current(wanted);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, leaving, location.key]);

  return [text, setText] as const;
}

import { useEffect, useRef } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { useAddressText } from './use-address-text';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * What is typed into a search field, handed to `commit` once typing pauses. The pending write
 * belongs to the screen that started it: it is dropped when the screen goes away, when the user
 * starts leaving for another path (a lazy screen may keep this one mounted while it loads), and
 * when the address changes another way after the typing (paging, a drawer, Back), after which the
 * field shows what the address says. Its own write landing keeps what was typed (a trailing space
 * before the next word), and so does an address already on its way when the user typed (see
 * `useAddressText`): the typing is newer, and is written on top of it.
 */
export function useSearchText(value: string, commit: (value: string) => void) {
  const location = useLocation();
  const navigation = useNavigation();
  const [text, setText, claim] = useAddressText(value);

  const commitRef = useRef(commit);
  useEffect(() => {
    commitRef.current = commit;
  });

  const leaving = navigation.state !== 'idle' && navigation.location.pathname !== location.pathname;
  useEffect(() => {
    const wanted = text.trim();
    if (leaving || wanted === value) return;
    const timer = setTimeout(() => {
      commitRef.current(wanted);
      claim();
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, leaving, location.key, claim]);

  return [text, setText] as const;
}

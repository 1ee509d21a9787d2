import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';
import { latestKey, useLatestAddress } from './router-address';

/**
 * A field's text over a value the address holds (a search, a form that writes the address). When
 * the address changes, the field shows what it says, except over what the user typed once that
 * address was already on its way (a filter picked just before, shown late by a slow machine, or a
 * write made from this text with `claim`): that typing is newer, and stays. Any other change (Back,
 * Forward, paging, a drawer) comes after the typing, and the field shows what it says.
 */
export function useAddressText(value: string) {
  const location = useLocation();
  const latestAddress = useLatestAddress();
  const [typed, setTyped] = useState<{ text: string; after?: string }>({ text: value });
  const [seen, setSeen] = useState({ key: location.key, value });
  if (location.key !== seen.key || value !== seen.value) {
    setSeen({ key: location.key, value });
    if (location.key !== typed.after) setTyped({ text: value });
  }

  const setText = useCallback(
    (text: string) => setTyped({ text, after: latestKey(latestAddress()) }),
    [latestAddress],
  );
  /** The address just written was written from this text: its landing keeps the text. */
  const claim = useCallback(
    () => setTyped((current) => ({ ...current, after: latestKey(latestAddress()) })),
    [latestAddress],
  );
  return [typed.text, setText, claim] as const;
}

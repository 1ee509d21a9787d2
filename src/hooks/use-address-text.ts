import { useCallback, useContext, useMemo, useState } from 'react';
import { UNSAFE_DataRouterContext, useLocation } from 'react-router';

/**
 * A field's text over a value the address holds (a search, a form that writes the address). When
 * the address changes, the field shows what it says, except over what the user typed once that
 * address was already on its way (a filter picked just before, shown late by a slow machine, or a
 * write made from this text with `claim`): that typing is newer, and stays. Any other change (Back,
 * Forward, paging, a drawer) comes after the typing, and the field shows what it says.
 */
export function useAddressText(value: string) {
  const location = useLocation();
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const [typed, setTyped] = useState<{ text: string; after?: string }>({ text: value });
  const [seen, setSeen] = useState({ key: location.key, value });
  if (location.key !== seen.key || value !== seen.value) {
    setSeen({ key: location.key, value });
    if (location.key !== typed.after) setTyped({ text: value });
  }

  /** The address the router is at or on its way to: React may not show it yet. */
  const latestKey = useCallback(() => {
    if (!router) return undefined;
    const { location: at, navigation: next } = router.state;
    return (next.state !== 'idle' ? next.location : at).key;
  }, [router]);
  const setText = useCallback(
    (text: string) => setTyped({ text, after: latestKey() }),
    [latestKey],
  );
  /** The address just written was written from this text: its landing keeps the text. */
  const claim = useCallback(
    () => setTyped((current) => ({ ...current, after: latestKey() })),
    [latestKey],
  );
  return [typed.text, setText, claim] as const;
}

/**
 * A value the address holds (a sort, a page), as a control should show it: the user's own latest
 * change over what the address says while that change's address is on its way (`useAddressText`),
 * so that a second click (on a sort header, on "next page") builds on the first one, not on the
 * address before it. `change` shows the value and hands it on to be written. Kept by value: the
 * value shown is a new object only when it differs (a grid given a new sort model, even an equal
 * one, goes back to its first page).
 */
export function useAddressValue<V, A extends unknown[]>(
  value: V,
  onChange?: (value: V, ...rest: A) => void,
) {
  const [text, setText] = useAddressText(JSON.stringify(value));
  const shown = useMemo(() => JSON.parse(text) as V, [text]);
  const change = (next: V, ...rest: A) => {
    setText(JSON.stringify(next));
    onChange?.(next, ...rest);
  };
  return [shown, change] as const;
}

import { useCallback, useContext, useMemo, useState } from 'react';
import { UNSAFE_DataRouterContext, UNSAFE_DataRouterStateContext, useLocation } from 'react-router';

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
 * A value the address holds (a sort, a page), as a control should show it: while an address is on
 * its way (the router is loading one, or React has not shown the router's latest yet), the user's
 * own latest change, so that a second click (on a sort header, on "next page") builds on the
 * first one, not on the address before it; else what the address says. A change that wrote
 * nothing (the address already said so, or the value is the screen's own state) shows the value
 * at once. `change` shows the value and hands it on to be written. Kept by value: the value shown
 * is a new object only when it differs (a grid given a new sort model, even an equal one, goes
 * back to its first page).
 */
export function useAddressValue<V, A extends unknown[]>(
  value: V,
  onChange?: (value: V, ...rest: A) => void,
) {
  const location = useLocation();
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  // Read to render again whenever the router's state changes.
  const routerState = useContext(UNSAFE_DataRouterStateContext);
  const valueText = JSON.stringify(value);
  const [text, setText] = useAddressText(valueText);
  const onItsWay =
    routerState?.navigation.state !== undefined &&
    (routerState.navigation.state !== 'idle' || router?.state.location.key !== location.key);
  const shownText = onItsWay ? text : valueText;
  const shown = useMemo(() => JSON.parse(shownText) as V, [shownText]);
  const change = (next: V, ...rest: A) => {
    setText(JSON.stringify(next));
    onChange?.(next, ...rest);
  };
  return [shown, change] as const;
}

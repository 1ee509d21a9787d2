import {
  cloneElement,
  isValidElement,
  useLayoutEffect,
  useRef,
  useState,
  type ComponentType,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type Ref,
  type TouchEvent,
} from 'react';
import type { TooltipProps } from '@mui/material/Tooltip';
import { useEventCallback, useForkRef } from '@mui/material/utils';

type MuiTooltip = ComponentType<TooltipProps>;

let loaded: MuiTooltip | undefined;
let loading: Promise<MuiTooltip> | undefined;
/** MUI's Tooltip (with Popper, popper.js and the Grow transition): fetched once, on first use. */
const loadTooltip = () =>
  (loading ??= import('@mui/material/Tooltip').then((m) => (loaded = m.default)));

type ChildProps = Record<string, unknown> & {
  ref?: Ref<HTMLElement>;
  onMouseOver?: (event: MouseEvent<HTMLElement>) => void;
  onMouseLeave?: (event: MouseEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  onTouchStart?: (event: TouchEvent<HTMLElement>) => void;
  onTouchEnd?: (event: TouchEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onPointerUp?: (event: PointerEvent<HTMLElement>) => void;
  onPointerCancel?: (event: PointerEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
  onKeyUp?: (event: KeyboardEvent<HTMLElement>) => void;
};

const focusVisible = (element: Element) => {
  try {
    return element.matches(':focus-visible');
  } catch {
    return false; // an engine without :focus-visible (jsdom): as MUI's isFocusVisible
  }
};

/**
 * MUI's Tooltip, loaded on first use: it shows only on hover, keyboard focus or a
 * long touch, so the first page does without it. Until it has loaded, the child carries the same
 * accessible name or description MUI would give it; the hover, focus or touch that asks for the
 * tooltip loads it and opens it as soon as it is there (focus stays on the child). Once loaded,
 * every tooltip mounted afterwards is MUI's, unchanged.
 */
export function Tooltip(props: TooltipProps) {
  const [Loaded, setLoaded] = useState(() => loaded);
  // Mounted before the load: the instance decides when it is open (MUI calls onOpen/onClose), so
  // a tooltip asked for before the load opens once it is there.
  const [managed] = useState(() => !loaded && props.open === undefined);
  const [open, setOpen] = useState(false);
  const node = useRef<HTMLElement | null>(null);
  const refocus = useRef(false);
  // Set once the tooltip is there: the child about to be replaced may report a blur; it is moot.
  const swapping = useRef(false);
  // A press under way (pointer or key): replacing the child now would lose its click.
  const pressed = useRef(false);
  const pending = useRef<MuiTooltip | undefined>(undefined);
  const touchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const { children, title, describeChild = false, ...rest } = props;
  const childProps: ChildProps = isValidElement<ChildProps>(children) ? children.props : {};
  const ref = useForkRef(childProps.ref, node);

  useLayoutEffect(() => {
    if (Loaded && refocus.current) {
      refocus.current = false;
      node.current?.focus();
    }
  }, [Loaded]);
  useLayoutEffect(() => () => clearTimeout(touchTimer.current), []);

  const swap = useEventCallback((tooltip: MuiTooltip) => {
    if (swapping.current) return;
    swapping.current = true;
    refocus.current = !!node.current && node.current.contains(document.activeElement);
    setLoaded(() => tooltip);
  });
  /** Asks for the tooltip (open, or only loaded), loading it on the first ask. */
  const want = useEventCallback((next: boolean) => {
    if (next && !title && title !== 0) return;
    setOpen(next);
    // After MUI's own enterDelay, so the tooltip shows when MUI's would, and a click that follows
    // the hover at once (a press) is dispatched to the child before it is replaced.
    void loadTooltip().then((tooltip) =>
      setTimeout(() => {
        if (pressed.current) pending.current = tooltip;
        else swap(tooltip);
      }, props.enterDelay ?? 100),
    );
  });
  /** After the press (its click dispatched), the tooltip that arrived meanwhile takes over. */
  const press = useEventCallback((down: boolean) => {
    pressed.current = down;
    if (down) return;
    setTimeout(() => {
      const tooltip = pending.current;
      if (tooltip && !pressed.current) swap(tooltip);
    });
  });
  const leave = useEventCallback(() => {
    if (!swapping.current) setOpen(false);
  });
  /** A touch held for enterTouchDelay opens it; leaveTouchDelay after the touch ends, it closes. */
  const touch = useEventCallback((phase: 'start' | 'end') => {
    clearTimeout(touchTimer.current);
    if (phase === 'start') {
      want(false);
      touchTimer.current = setTimeout(() => want(true), props.enterTouchDelay ?? 700);
    } else {
      touchTimer.current = setTimeout(leave, props.leaveTouchDelay ?? 1500);
    }
  });

  if (!isValidElement<ChildProps>(children)) return null;
  const child = cloneElement(children, { ref });

  if (Loaded) {
    if (!managed) return <Loaded {...props}>{child}</Loaded>;
    return (
      <Loaded
        {...props}
        open={open}
        onOpen={(event) => {
          setOpen(true);
          props.onOpen?.(event);
        }}
        onClose={(event) => {
          setOpen(false);
          props.onClose?.(event);
        }}
      >
        {child}
      </Loaded>
    );
  }

  const {
    open: _open,
    onOpen: _onOpen,
    onClose: _onClose,
    arrow: _arrow,
    classes: _classes,
    disableFocusListener,
    disableHoverListener,
    disableInteractive: _disableInteractive,
    disableTouchListener,
    enterDelay: _enterDelay,
    enterNextDelay: _enterNextDelay,
    enterTouchDelay: _enterTouchDelay,
    followCursor: _followCursor,
    id: _id,
    leaveDelay: _leaveDelay,
    leaveTouchDelay: _leaveTouchDelay,
    placement: _placement,
    slotProps: _slotProps,
    slots: _slots,
    components: _components,
    componentsProps: _componentsProps,
    PopperComponent: _PopperComponent,
    PopperProps: _PopperProps,
    TransitionComponent: _TransitionComponent,
    TransitionProps: _TransitionProps,
    ...other
  } = rest as TooltipProps & Record<string, unknown>;
  const titleIsString = typeof title === 'string';
  // What MUI gives a closed tooltip's child: its name (or, with describeChild, a native title).
  const nameOrDesc = describeChild
    ? { title: titleIsString && !disableHoverListener ? title : undefined }
    : { 'aria-label': titleIsString ? title : undefined };
  return cloneElement(children, {
    ...nameOrDesc,
    ...other,
    ...childProps,
    className: [other.className, childProps.className].filter(Boolean).join(' ') || undefined,
    ref,
    onMouseOver: (event: MouseEvent<HTMLElement>) => {
      if (!disableHoverListener) want(true);
      childProps.onMouseOver?.(event);
    },
    onMouseLeave: (event: MouseEvent<HTMLElement>) => {
      if (!disableHoverListener) leave();
      childProps.onMouseLeave?.(event);
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      if (!disableFocusListener && focusVisible(event.currentTarget)) want(true);
      childProps.onFocus?.(event);
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!disableFocusListener) leave();
      childProps.onBlur?.(event);
    },
    onTouchStart: (event: TouchEvent<HTMLElement>) => {
      if (!disableTouchListener) touch('start');
      childProps.onTouchStart?.(event);
    },
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      press(true);
      childProps.onPointerDown?.(event);
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => {
      press(false);
      childProps.onPointerUp?.(event);
    },
    onPointerCancel: (event: PointerEvent<HTMLElement>) => {
      press(false);
      childProps.onPointerCancel?.(event);
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      press(true);
      childProps.onKeyDown?.(event);
    },
    onKeyUp: (event: KeyboardEvent<HTMLElement>) => {
      press(false);
      childProps.onKeyUp?.(event);
    },
    onTouchEnd: (event: TouchEvent<HTMLElement>) => {
      if (!disableTouchListener) touch('end');
      childProps.onTouchEnd?.(event);
    },
  });
}

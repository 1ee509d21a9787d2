import { useId, type FormEvent, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

export interface StepPanelProps {
  number: number;
  count: number;
  title: string;
  description?: ReactNode;
  headingRef: Ref<HTMLHeadingElement>;
  onSubmit: (event?: FormEvent) => unknown;
  /** Enter anywhere in the step (but a button, a link or a text area) submits: Next. */
  enterSubmits: boolean;
  actions: ReactNode;
  children: ReactNode;
}

const keepsEnter = (target: EventTarget) =>
  target instanceof HTMLTextAreaElement ||
  target instanceof HTMLButtonElement ||
  target instanceof HTMLAnchorElement ||
  (target instanceof HTMLElement && target.getAttribute('role') === 'button');

function submitOnEnter(event: KeyboardEvent<HTMLFormElement>) {
  if (event.key !== 'Enter' || event.defaultPrevented || event.nativeEvent.isComposing) return;
  if (event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return;
  if (keepsEnter(event.target)) return;
  event.preventDefault();
  event.currentTarget.requestSubmit();
}

/** One step: its heading (focused when the step opens), its form and the wizard's buttons. */
export function StepPanel({
  number,
  count,
  title,
  description,
  headingRef,
  onSubmit,
  enterSubmits,
  actions,
  children,
}: StepPanelProps) {
  const headingId = useId();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box
        component="form"
        noValidate
        aria-labelledby={headingId}
        onSubmit={(event: FormEvent) => void onSubmit(event)}
        onKeyDown={enterSubmits ? submitOnEnter : undefined}
      >
        <Typography
          variant="overline"
          component="p"
          sx={{ color: 'text.secondary', lineHeight: 2 }}
        >
          Step {number} of {count}
        </Typography>
        <Typography
          variant="h2"
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          sx={{
            width: 'fit-content',
            outline: 'none',
            borderRadius: 0.5,
            '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 4 },
          }}
        >
          {title}
        </Typography>
        {description && (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, maxWidth: 720 }}>
            {description}
          </Typography>
        )}
        <Box sx={{ mt: 3 }}>{children}</Box>
        {actions}
      </Box>
    </Paper>
  );
}

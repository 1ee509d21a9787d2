import { useEffect, useId, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { CreateStreamBody } from '../../../api/contract/streams';
import { CopyButton, ErrorState, JsonView } from '../../../components';
import type { SummaryItem } from '../hooks/use-review-summary';
import type { ErrorPlace } from '../model/platform-error';
import { stepIndexOf, stepLabel } from '../model/steps';

export interface ReviewStepProps {
  summary: SummaryItem[];
  body: CreateStreamBody;
  error: unknown;
  errorPlace: ErrorPlace | undefined;
  onOpenStep: (index: number) => void;
}

function Summary({ items, onOpenStep }: { items: SummaryItem[]; onOpenStep: (i: number) => void }) {
  const id = useId();
  return (
    <Box component="dl" sx={{ m: 0 }}>
      {items.map((item, i) => (
        <Box
          key={`${item.step}-${item.label}`}
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, 200px) 1fr' },
            columnGap: 2,
            alignItems: 'baseline',
            py: 0.75,
          }}
        >
          <Box component="dt" id={`${id}-${i}`} sx={{ color: 'text.secondary' }}>
            {item.label}
          </Box>
          <Box
            component="dd"
            aria-labelledby={`${id}-${i}`}
            sx={{ m: 0, display: 'flex', gap: 2, alignItems: 'baseline', minWidth: 0 }}
          >
            <Box component="span" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
              {item.value}
            </Box>
            {items[i - 1]?.step !== item.step && (
              <Button
                size="small"
                onClick={() => onOpenStep(stepIndexOf(item.step))}
                aria-label={`Change ${stepLabel(item.step).toLowerCase()}`}
                sx={{ flexShrink: 0 }}
              >
                Change
              </Button>
            )}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** Step 7: what will be created, the exact request, and the platform's answer if it refuses. */
export function ReviewStep({ summary, body, error, errorPlace, onOpenStep }: ReviewStepProps) {
  const json = JSON.stringify(body, null, 2);
  const refusal = useRef<HTMLDivElement>(null);
  // The answer lands beside the Create button, which may be far below the top of the review.
  useEffect(() => {
    if (error) refusal.current?.scrollIntoView?.({ block: 'nearest' });
  }, [error]);
  return (
    <Stack spacing={3}>
      <Summary items={summary} onOpenStep={onOpenStep} />
      <Box component="section" aria-label="Request">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600 }}>
            Request
          </Typography>
          <Typography
            component="code"
            variant="body2"
            sx={{ fontFamily: 'monospace', color: 'text.secondary' }}
          >
            POST /api/data/v1/streams
          </Typography>
          <Box sx={{ flex: 1 }} />
          <CopyButton value={json} label="Copy request JSON" />
        </Stack>
        <JsonView value={body} label="Request JSON" maxHeight={640} />
      </Box>
      {error ? (
        <Stack spacing={1} ref={refusal}>
          <ErrorState title="The platform did not create the stream" error={error} />
          {errorPlace && (
            <Alert
              severity="info"
              role="status"
              action={
                <Button
                  color="inherit"
                  size="small"
                  onClick={() => onOpenStep(stepIndexOf(errorPlace.step))}
                >
                  Go to {stepLabel(errorPlace.step)}
                </Button>
              }
            >
              Fix it in the {stepLabel(errorPlace.step)} step.
            </Alert>
          )}
        </Stack>
      ) : null}
    </Stack>
  );
}

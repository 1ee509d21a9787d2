import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { ErrorState } from '../../../components/ErrorState';
import { EmptyState } from '../../../components/EmptyState';
import { formatCount, formatDuration } from '../../../lib/format';
import type { Draft } from '../lib/draft';
import { MAX_VARIANTS, type Compare } from '../hooks/use-compare';
import { DiffedText } from './DiffedText';

export interface ComparePanelProps {
  /** The prompt being edited: added as a variant, its input given to every variant. */
  draft: Draft;
  compare: Compare;
}

const settingsOf = (draft: Draft) =>
  [
    draft.model || 'default model',
    draft.temperature && `temperature ${draft.temperature}`,
    draft.maxTokens && `max ${draft.maxTokens} tokens`,
    draft.responseKind === 'json' && 'JSON',
  ]
    .filter(Boolean)
    .join(' · ');

/** Variants side by side on the same input, with a diff of each output against the first. */
export function ComparePanel({ draft, compare }: ComparePanelProps) {
  const { variants, running } = compare;
  const first = variants[0]?.state;
  const base = first?.kind === 'done' ? first.result.answer.output : undefined;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button onClick={() => compare.add(draft)} disabled={variants.length >= MAX_VARIANTS}>
          Add the current prompt as a variant
        </Button>
        <Button
          variant="contained"
          onClick={() => compare.runAll(draft.input)}
          disabled={variants.length < 2 || running}
        >
          Run all on the current input
        </Button>
      </Stack>
      {variants.length < 2 && (
        <EmptyState
          title={variants.length === 0 ? 'No variant yet' : 'One variant: add another'}
          description="Change the template, the model or a setting above, and add each version as a variant. Run them all on the same input to compare their answers; what differs from variant A is marked."
        />
      )}
      {variants.length > 0 && (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(auto-fit, minmax(320px, 1fr))' },
          }}
        >
          {variants.map((variant) => (
            <Card
              key={variant.id}
              variant="outlined"
              component="section"
              aria-label={variant.label}
            >
              <CardHeader
                title={variant.label}
                subheader={settingsOf(variant.draft)}
                slotProps={{ title: { variant: 'subtitle1', component: 'h3' } }}
                action={
                  <IconButton
                    aria-label={`Remove ${variant.label}`}
                    onClick={() => compare.remove(variant.id)}
                  >
                    <CloseIcon />
                  </IconButton>
                }
              />
              <CardContent sx={{ pt: 0 }}>
                <Typography
                  variant="body2"
                  sx={{
                    fontFamily: 'ui-monospace, monospace',
                    color: 'text.secondary',
                    whiteSpace: 'pre-wrap',
                    mb: 1.5,
                  }}
                >
                  {variant.draft.template}
                </Typography>
                {variant.state.kind === 'running' && (
                  <LinearProgress aria-label={`${variant.label} is running`} />
                )}
                {variant.state.kind === 'failed' &&
                  (variant.state.error instanceof Error && !('status' in variant.state.error) ? (
                    <Alert severity="error">{variant.state.error.message}</Alert>
                  ) : (
                    <ErrorState error={variant.state.error} />
                  ))}
                {variant.state.kind === 'done' && (
                  <Stack spacing={1} aria-label={`${variant.label} output`} role="region">
                    <DiffedText
                      text={variant.state.result.answer.output}
                      base={variant.id === variants[0]?.id ? undefined : base}
                    />
                    <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                      {variant.state.result.answer.modelId} ·{' '}
                      {formatCount(variant.state.result.answer.usage.totalTokens)} tokens ·{' '}
                      {formatDuration(variant.state.result.latencyMs)}
                    </Typography>
                  </Stack>
                )}
              </CardContent>
            </Card>
          ))}
        </Box>
      )}
    </Stack>
  );
}

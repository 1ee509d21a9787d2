import type { Experiment, VariantSummary } from '../../../../api/contract';
import { DataTable, type DataColumn } from '../../../../components';
import { formatCount, formatDuration, formatPercent } from '../../../../lib/format';
import { formatScore, scorerLabel, variantLabel } from '../lib/describe';

/** Headers wrap, so the table fits beside the navigation with four variants and eight scorers. */
const wrap = { whiteSpace: 'normal' } as const;

const orDash = (value: number | null, format: (n: number) => string) =>
  value === null ? '–' : format(value);

/** Per variant: mean score per scorer, pass rate, p50 and p95 latency, tokens. */
export function VariantSummaryTable({ experiment }: { experiment: Experiment }) {
  const columns: DataColumn<VariantSummary>[] = [
    {
      key: 'variant',
      headerSx: wrap,
      header: 'Variant',
      rowHeader: true,
      cell: (s) => {
        const v = experiment.variants[s.variant];
        return v ? variantLabel(v, s.variant) : `Variant ${s.variant + 1}`;
      },
    },
    {
      key: 'done',
      headerSx: wrap,
      header: 'Done · failed',
      align: 'right',
      cell: (s) => `${formatCount(s.done)} · ${formatCount(s.failed)}`,
    },
    ...experiment.scorers.map((scorer, i): DataColumn<VariantSummary> => ({
      key: `scorer-${i}`,
      headerSx: wrap,
      header: `Mean: ${scorerLabel(scorer)}`,
      align: 'right',
      cell: (s) => orDash(s.meanScores[i] ?? null, formatScore),
    })),
    ...(experiment.scorers.length > 0
      ? [
          {
            key: 'pass',
            headerSx: wrap,
            header: 'Pass rate',
            align: 'right' as const,
            cell: (s: VariantSummary) => orDash(s.passRate, formatPercent),
          },
        ]
      : []),
    {
      key: 'p50',
      headerSx: wrap,
      header: 'p50 latency',
      align: 'right',
      cell: (s) => orDash(s.p50LatencyMs, formatDuration),
    },
    {
      key: 'p95',
      headerSx: wrap,
      header: 'p95 latency',
      align: 'right',
      cell: (s) => orDash(s.p95LatencyMs, formatDuration),
    },
    {
      key: 'tokens',
      headerSx: wrap,
      header: 'Tokens in · out',
      align: 'right',
      cell: (s) => `${formatCount(s.inputTokens)} · ${formatCount(s.outputTokens)}`,
    },
  ];
  return (
    <DataTable
      label="Summary per variant"
      columns={columns}
      rows={experiment.summary}
      rowKey={(s) => String(s.variant)}
      empty="No cell has finished yet."
    />
  );
}

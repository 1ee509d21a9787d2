import type {
  Experiment,
  ExperimentCase,
  ExperimentScorer,
  ExperimentVariant,
  VariantSummary,
} from '../../../src/api/contract';
import type { CaseRow, CellRow, ExperimentRow, Progress, VariantTotals } from './repository';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The progress of every variant together. */
export function progressOf(totals: readonly VariantTotals[]): Progress {
  return totals.reduce(
    (p, t) => ({
      total: p.total + t.total,
      done: p.done + t.done,
      failed: p.failed + t.failed,
      cancelled: p.cancelled + t.cancelled,
    }),
    { total: 0, done: 0, failed: 0, cancelled: 0 },
  );
}

/**
 * A variant's summary: mean score per scorer over its DONE cells, the share of DONE cells whose
 * every score is 1 (null before one is done, or without scorers), latencies of DONE cells.
 */
export function summaryOf(
  totals: readonly VariantTotals[],
  variants: number,
  scorers: number,
): VariantSummary[] {
  return Array.from({ length: variants }, (_, variant) => {
    const t = totals.find((x) => x.variant === variant);
    return {
      variant,
      meanScores: Array.from({ length: scorers }, (_, i) => t?.means[i] ?? null),
      passRate: t && t.done > 0 && scorers > 0 ? t.passed / t.done : null,
      p50LatencyMs: t?.p50 ?? null,
      p95LatencyMs: t?.p95 ?? null,
      inputTokens: t?.input_tokens ?? 0,
      outputTokens: t?.output_tokens ?? 0,
      done: t?.done ?? 0,
      failed: t?.failed ?? 0,
    };
  });
}

export function toExperiment(row: ExperimentRow, totals: readonly VariantTotals[]): Experiment {
  return {
    id: row.id,
    name: row.name,
    promptName: row.prompt_name,
    state: row.state,
    datasetId: row.dataset_id,
    datasetName: row.dataset_name,
    cases: row.cases,
    mapping: row.mapping,
    expectedColumn: row.expected_column,
    variants: row.variants,
    scorers: row.scorers,
    concurrency: row.concurrency,
    owner: row.owner,
    ownerName: row.owner_name,
    createdAt: iso(row.created_at)!,
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
    error: row.error,
    progress: progressOf(totals),
    summary: summaryOf(totals, row.variants.length, row.scorers.length),
  };
}

export function toCase(row: CaseRow, cells: readonly CellRow[]): ExperimentCase {
  return {
    index: row.case_index,
    inputs: row.inputs,
    expected: row.expected,
    cells: cells.map((c) => ({
      variant: c.variant,
      state: c.state,
      output: c.output,
      truncated: c.truncated,
      error: c.error,
      scores: c.scores.map((score, scorer) => ({
        scorer,
        score,
        reason: c.score_reasons[scorer] ?? null,
      })),
      inputTokens: c.input_tokens,
      outputTokens: c.output_tokens,
      latencyMs: c.latency_ms,
      attempts: c.attempts,
    })),
  };
}

/** Column heads of a variant: its name, else "variant N"; one named twice gets its number. */
export function variantLabels(variants: readonly ExperimentVariant[]): string[] {
  const base = variants.map((v, i) => v.name?.trim() || `variant ${i + 1}`);
  return base.map((label, i) => (base.indexOf(label) !== i ? `${label} (${i + 1})` : label));
}

/** A scorer's column head: its type, numbered when two scorers share one. */
export function scorerLabels(scorers: readonly ExperimentScorer[]): string[] {
  return scorers.map((s, i) =>
    scorers.filter((o) => o.type === s.type).length > 1 ? `${s.type} ${i + 1}` : s.type,
  );
}

import type {
  CellState,
  Experiment,
  ExperimentScorer,
  ExperimentScorerType,
  ExperimentState,
  ExperimentVariant,
} from '../../../../api/contract';
import type { StatusTone } from '../../../../components';
import { formatFixed } from '../../../../lib/format';

export const experimentStateWords: Record<ExperimentState, string> = {
  QUEUED: 'Queued',
  RUNNING: 'Running',
  SUCCESS: 'Finished',
  FAILED: 'Failed',
  CANCELLED: 'Cancelled',
};
export const experimentStateTone: Record<ExperimentState, StatusTone> = {
  QUEUED: 'neutral',
  RUNNING: 'info',
  SUCCESS: 'success',
  FAILED: 'error',
  CANCELLED: 'warning',
};
export const cellStateWords: Record<CellState, string> = {
  PENDING: 'Waiting',
  RUNNING: 'Running',
  DONE: 'Done',
  FAILED: 'Failed',
  CANCELLED: 'Cancelled',
};
export const cellStateTone: Record<CellState, StatusTone> = {
  PENDING: 'neutral',
  RUNNING: 'info',
  DONE: 'success',
  FAILED: 'error',
  CANCELLED: 'warning',
};

export const scorerTypeWords: Record<ExperimentScorerType, string> = {
  exactMatch: 'Exact match',
  contains: 'Contains',
  regex: 'Regular expression',
  validJson: 'Valid JSON',
  jsonSchema: 'Matches a JSON schema',
  length: 'Length within bounds',
  judge: 'Judge (a model with a rubric)',
};

/** A scorer in a few words: a chip's or a column's label. */
export function scorerLabel(scorer: ExperimentScorer): string {
  switch (scorer.type) {
    case 'exactMatch':
      return 'Exact match';
    case 'contains':
      return scorer.value === undefined ? 'Contains expected' : `Contains “${scorer.value}”`;
    case 'regex':
      return `Matches /${scorer.pattern}/${scorer.flags ?? ''}`;
    case 'validJson':
      return 'Valid JSON';
    case 'jsonSchema':
      return 'JSON schema';
    case 'length':
      return scorer.min !== undefined && scorer.max !== undefined
        ? `Length ${scorer.min}–${scorer.max}`
        : scorer.min !== undefined
          ? `Length ≥ ${scorer.min}`
          : `Length ≤ ${scorer.max ?? '∞'}`;
    case 'judge':
      return `Judge (${scorer.model})`;
  }
}

/** Variants are lettered A to D in the matrix, the summary and the diff. */
export const variantLetter = (index: number) => String.fromCharCode(65 + index);

/** "A · local.template-echo · v2": the variant's own name when it has one. */
export function variantLabel(variant: ExperimentVariant, index: number): string {
  const name =
    variant.name ||
    [variant.model, variant.promptVersion]
      .filter((part) => part !== undefined && part !== '')
      .join(' · ');
  return `${variantLetter(index)} · ${name}`;
}

/** A score from 0 to 1 as two decimals: a column of them lines up. */
export const formatScore = (score: number) => formatFixed(score, 2);

/** The mean score of each scorer, one line per variant: "A 1.00 / 0.50" (the list's column). */
export function meanScoresLines(e: Pick<Experiment, 'summary' | 'scorers'>): string[] {
  if (e.scorers.length === 0) return ['no scorers'];
  return e.summary.map(
    (s) =>
      `${variantLetter(s.variant)} ${s.meanScores.map((m) => (m === null ? '–' : formatScore(m))).join(' / ')}`,
  );
}

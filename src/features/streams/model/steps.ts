export const steps = [
  { id: 'connector', label: 'Connector' },
  { id: 'configuration', label: 'Configuration' },
  { id: 'account', label: 'Account' },
  { id: 'update-method', label: 'Update method' },
  { id: 'schedule', label: 'Schedule' },
  { id: 'dataset', label: 'Dataset' },
  { id: 'review', label: 'Review' },
] as const;

export type StepId = (typeof steps)[number]['id'];

export const REVIEW_STEP = steps.length - 1;

/** The index of a step named in the URL; anything else is the first step. */
export const stepIndexOf = (id: string | null | undefined): number =>
  Math.max(
    0,
    steps.findIndex((step) => step.id === id),
  );

export const stepLabel = (id: StepId) => steps.find((step) => step.id === id)?.label ?? id;

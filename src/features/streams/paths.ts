import type { StepId } from './model/steps';

export const newStreamPath = (step?: StepId) =>
  step ? `/streams/new?step=${encodeURIComponent(step)}` : '/streams/new';

/** The dataset page (the datasets screen) opened on the stream that loads it. */
export const datasetStreamPath = (datasetId: string, streamId: number) =>
  `/datasets/${encodeURIComponent(datasetId)}?stream=${encodeURIComponent(String(streamId))}`;

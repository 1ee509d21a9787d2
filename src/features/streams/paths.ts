import type { StepId } from './model/steps';

export const newStreamPath = (step?: StepId) =>
  step ? `/streams/new?step=${encodeURIComponent(step)}` : '/streams/new';

/** The dataset page (the datasets screen) opened on the stream that loads it. */
export const datasetStreamPath = (datasetId: string, streamId: number) =>
  `/datasets/${encodeURIComponent(datasetId)}?stream=${encodeURIComponent(String(streamId))}`;

/** The Streams screen; its filters ride along in the query string. */
export const streamsPath = (search = '') => (search ? `/streams?${search}` : '/streams');

export const streamPath = (streamId: number | string) =>
  `/streams/${encodeURIComponent(String(streamId))}`;

/** The dataset page (the datasets screen owns the route). */
export const datasetPath = (datasetId: string) => `/datasets/${encodeURIComponent(datasetId)}`;

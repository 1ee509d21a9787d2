/**
 * Query keys of exports, from general to specific. Exports are read per dataset (the platform has
 * no cross-dataset list), so the dashboard's fan-out and a dataset's Exports tab share the same
 * per-dataset entries: an export started on the tab shows on the dashboard without a refetch.
 */
export const exportKeys = {
  all: ['exports'] as const,
  histories: () => [...exportKeys.all, 'history'] as const,
  history: (datasetId: string) => [...exportKeys.histories(), datasetId] as const,
};

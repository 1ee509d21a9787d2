/**
 * Query keys of exports, from general to specific. A real instance lists exports per dataset
 * only, so there the dashboard's fan-out and a dataset's Exports tab share the same per-dataset
 * entries: an export started on the tab shows on the dashboard without a refetch. The embedded
 * platform also answers an export's page, its files and one list across datasets.
 */
export const exportKeys = {
  all: ['exports'] as const,
  histories: () => [...exportKeys.all, 'history'] as const,
  history: (datasetId: string) => [...exportKeys.histories(), datasetId] as const,
  across: () => [...exportKeys.all, 'across'] as const,
  detail: (exportId: string) => [...exportKeys.all, 'detail', exportId] as const,
  preview: (exportId: string, file: number) =>
    [...exportKeys.detail(exportId), 'preview', file] as const,
};

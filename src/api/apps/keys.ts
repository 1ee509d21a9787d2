/** Query keys of the Apps API. */
export const appKeys = {
  all: ['apps'] as const,
  list: () => [...appKeys.all, 'list'] as const,
  one: (id: string) => [...appKeys.all, 'one', id] as const,
};

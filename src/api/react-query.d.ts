import '@tanstack/react-query';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Background-refetch failures of this query are shown in place, never as a toast. */
      silentRefetchErrors?: boolean;
    };
  }
}

import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { useCalculatedField } from '../../../api/calculated-fields';

/** The open field is `?field=id`: a real link per row, and the back button closes the drawer. */
export function useFieldDrawer(fieldId: number | null) {
  const location = useLocation();
  const query = useCalculatedField(fieldId ?? undefined);
  const fieldHref = useCallback(
    (id: number) => {
      const params = new URLSearchParams(location.search);
      params.set('field', String(id));
      return `${location.pathname}?${params.toString()}`;
    },
    [location.pathname, location.search],
  );
  return {
    open: fieldId !== null,
    field: fieldId !== null ? query.data : undefined,
    error: query.error,
    retry: () => void query.refetch(),
    fieldHref,
  };
}

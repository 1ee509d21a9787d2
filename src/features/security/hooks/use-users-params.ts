import { useListParams } from './use-list-params';

/** The user list's search in the URL (`q`: name, email, role or group). */
export function useUsersParams() {
  const { params, update } = useListParams();
  return {
    search: (params.get('q') ?? '').trim(),
    setSearch: (q: string) => update({ q: q.trim() }, { replace: true }),
  };
}

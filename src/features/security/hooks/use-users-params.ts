import { param } from '../../../lib/list-params';
import { useListParams } from '../../../hooks/use-list-params';

/** The user list's search in the URL (`q`: name, email, role or group). */
const spec = { q: param.search() };

export function useUsersParams() {
  const [state, set] = useListParams(spec);
  return { search: state.q, setSearch: (q: string) => set({ q }) };
}

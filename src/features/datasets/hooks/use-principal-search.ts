import { useMemo, useState } from 'react';
import { useGroups, useUsers } from '../../../api/people';
import type { Principal } from '../components/access-levels';
import { plural } from '../components/format';
import { useSearchText } from '../../../hooks/use-search-text';

/** Users and groups whose name (or email) matches what is typed, asked of the platform. */
export function usePrincipalSearch({ enabled = true } = {}) {
  const [search, setSearch] = useState('');
  const [input, setInput] = useSearchText(search, setSearch);
  const users = useUsers(search, { enabled });
  const groups = useGroups(search, { enabled });

  const options = useMemo<Principal[]>(
    () => [
      ...(users.data ?? []).map((u) => ({
        type: 'USER' as const,
        id: String(u.id),
        name: u.displayName,
        detail: u.emailAddress,
      })),
      ...(groups.data ?? []).map((g) => ({
        type: 'GROUP' as const,
        id: String(g.id),
        name: g.name,
        detail: plural(g.memberCount, 'member'),
        memberCount: g.memberCount,
      })),
    ],
    [users.data, groups.data],
  );

  return {
    input,
    setInput,
    options,
    loading: users.isFetching || groups.isFetching || input.trim() !== search,
    error: users.error ?? groups.error,
  };
}

import type { AccessUser } from '../../../api/contract';

/** Users whose name, email, role or a group contains every word of the search, any case. */
export function searchUsers(users: AccessUser[], search: string) {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return users;
  return users.filter((u) => {
    const text = [u.displayName, u.emailAddress, u.role, ...u.groups.map((g) => g.name)]
      .join(' ')
      .toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

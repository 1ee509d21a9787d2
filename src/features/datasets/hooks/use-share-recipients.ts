import { useGroupsMembers } from '../../../api/people';
import type { Principal } from '../components/access-levels';

export interface Recipient {
  id: string;
  name: string;
  email: string;
  /** Reached already in an earlier section: still one email. */
  repeated: boolean;
}

export interface RecipientGroup {
  /** null: people named directly. */
  group: Principal | null;
  people: Recipient[];
  /** The members could not be listed (yet): the group is named instead. */
  status: 'ready' | 'loading' | 'error';
}

/**
 * Who a share with `sendEmail` notifies (4.5): each user named, and each member of each group
 * named. A person reached twice is counted once, as the platform sends them one email.
 */
export function useShareRecipients(principals: Principal[], enabled: boolean) {
  const groups = principals.filter((p) => p.type === 'GROUP');
  const members = useGroupsMembers(
    groups.map((g) => Number(g.id)),
    { enabled },
  );

  const direct = principals.filter((p) => p.type === 'USER');
  const sections: RecipientGroup[] = [
    ...(direct.length > 0
      ? [
          {
            group: null,
            people: direct.map((p) => ({
              id: p.id,
              name: p.name,
              email: p.detail,
              repeated: false,
            })),
            status: 'ready' as const,
          },
        ]
      : []),
    ...groups.map((group, i) => {
      const answer = members[i];
      return {
        group,
        people: (answer?.data ?? []).map((u) => ({
          id: String(u.id),
          name: u.displayName,
          email: u.emailAddress,
          repeated: false,
        })),
        status: answer?.data
          ? ('ready' as const)
          : answer?.isError
            ? ('error' as const)
            : ('loading' as const),
      };
    }),
  ];

  const unique = new Set<string>();
  for (const person of sections.flatMap((s) => s.people)) {
    person.repeated = unique.has(person.id);
    unique.add(person.id);
  }
  return {
    sections,
    count: unique.size,
    complete: sections.every((s) => s.status === 'ready'),
  };
}

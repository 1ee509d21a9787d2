import type { ShareBody } from '../../../api/contract';

export type AccessLevel = ShareBody['permissions'][number]['accessLevel'];
export type PrincipalType = ShareBody['permissions'][number]['type'];

export const accessLevelLabels: Record<AccessLevel, string> = {
  CO_OWNER: 'Co-owner',
  CAN_EDIT: 'Can edit',
  CAN_SHARE: 'Can share',
};

/** The levels from least to most access (gaps.md; the platform's policy ranks them so). */
export const accessLevelOrder: AccessLevel[] = ['CAN_SHARE', 'CAN_EDIT', 'CO_OWNER'];

/** What each level allows, in one line (server/platform/access/policy.ts). */
export const accessLevelHelp: Record<AccessLevel, string> = {
  CAN_SHARE: 'See the dataset, its rows and exports, and share it on',
  CAN_EDIT: 'Also change its data: run its stream, delete partitions',
  CO_OWNER: 'Also remove other people’s access, as the owner can',
};

/** The least access: what a new share offers first. */
export const LEAST_ACCESS: AccessLevel = 'CAN_SHARE';

export const principalTypeLabels: Record<PrincipalType, string> = { USER: 'User', GROUP: 'Group' };

/** A user or a group the dataset can be shared with. */
export interface Principal {
  type: PrincipalType;
  id: string;
  name: string;
  /** An email address, or how many members a group has. */
  detail: string;
  memberCount?: number;
}

export const principalKey = (p: Pick<Principal, 'type' | 'id'>) => `${p.type}:${p.id}`;

/** "Ben Analyst", "Ben Analyst and Finance", "Ben Analyst, Chloe Editor and Finance". */
export function listNames(names: string[]) {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** A permission's holder by name, or by type and id when the platform sent no name. */
export const principalName = (p: { type: PrincipalType; id: string; name?: string }) =>
  p.name ?? `${principalTypeLabels[p.type]} ${p.id}`;

import type { ShareBody } from '../../../api/contract';

export type AccessLevel = ShareBody['permissions'][number]['accessLevel'];
export type PrincipalType = ShareBody['permissions'][number]['type'];

export const accessLevelLabels: Record<AccessLevel, string> = {
  CO_OWNER: 'Co-owner',
  CAN_EDIT: 'Can edit',
  CAN_SHARE: 'Can share',
};

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

import type { AccessToken } from '../../../api/contract';
import type { StatusTone } from '../../../components';

export const tokenStatuses = ['active', 'expired', 'revoked'] as const;
export type TokenStatus = (typeof tokenStatuses)[number];

/** Revoked wins over expired: a revoked token stays revoked whatever its expiry. */
export function tokenStatus(token: AccessToken, now: Date = new Date()): TokenStatus {
  if (token.revoked) return 'revoked';
  if (token.expires && new Date(token.expires).getTime() <= now.getTime()) return 'expired';
  return 'active';
}

export const tokenStatusLabel: Record<TokenStatus, { label: string; tone: StatusTone }> = {
  active: { label: 'Active', tone: 'success' },
  expired: { label: 'Expired', tone: 'warning' },
  revoked: { label: 'Revoked', tone: 'neutral' },
};

export const tokenKindLabel = { developer: 'Developer', access: 'Access' } as const;

export type StatusFilter = TokenStatus | 'all';

export const filterTokens = (
  tokens: AccessToken[],
  status: StatusFilter,
  now: Date = new Date(),
) => (status === 'all' ? tokens : tokens.filter((t) => tokenStatus(t, now) === status));

/** Expiry choices of the create form, in days; `0` never expires. */
export const expiryChoices = [
  { days: 0, label: 'Never' },
  { days: 7, label: '7 days' },
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
  { days: 365, label: '1 year' },
] as const;

import type { PlatformGroup, PlatformUser } from '../../../src/api/contract';
import type { GroupRow, UserRow } from './repository';

export const toPlatformUser = (u: UserRow): PlatformUser => ({
  id: u.id,
  displayName: u.display_name,
  emailAddress: u.email_address,
  role: u.role,
});

export const toPlatformGroup = (g: GroupRow): PlatformGroup => ({
  id: g.id,
  name: g.name,
  memberCount: g.member_count,
});

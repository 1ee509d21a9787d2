import { createHash } from 'node:crypto';
import { z } from 'zod';
import { platformGroup, platformUser, userIdInt } from '../../../src/api/contract';
import type { Queryable } from '../store';
import { readData } from './load';

/** Sample users' password for session tokens (gaps.md); the README names it. */
export const SAMPLE_PASSWORD = 'console-demo';
export const passwordHash = (password: string) =>
  createHash('sha256').update(password).digest('hex');

/** `data/people.json`: users, groups with their members, and grants given to a user directly. */
const people = z.strictObject({
  users: z.array(platformUser.strict()),
  groups: z.array(
    platformGroup
      .pick({ id: true, name: true })
      .extend({ members: z.array(userIdInt) })
      .strict(),
  ),
  grants: z.array(z.strictObject({ user: userIdInt, grant: z.string().min(1) })),
});
const { users, groups, grants } = readData('people.json', people);
export const sampleUsers = users;

export async function seedPeople(tx: Queryable) {
  for (const u of users) {
    await tx.query(
      'INSERT INTO users (id, display_name, email_address, password_hash, role) VALUES ($1, $2, $3, $4, $5)',
      [u.id, u.displayName, u.emailAddress, passwordHash(SAMPLE_PASSWORD), u.role],
    );
  }
  for (const g of groups) {
    await tx.query('INSERT INTO user_groups (id, name) VALUES ($1, $2)', [g.id, g.name]);
    for (const member of g.members)
      await tx.query('INSERT INTO group_members (group_id, user_id) VALUES ($1, $2)', [
        g.id,
        member,
      ]);
  }
  for (const { user, grant } of grants)
    await tx.query('INSERT INTO user_grants (user_id, grant_name) VALUES ($1, $2)', [user, grant]);
}

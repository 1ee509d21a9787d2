import { z } from 'zod';
import { platformGroup, platformUser, userIdInt } from '../../../src/api/contract';
import { hashPassword } from '../people/password-hash';
import type { Queryable } from '../store';
import { readData } from './load';

/**
 * Sample users' password (gaps.md); the README names it, so it signs in only from the console's
 * own machine (people/passwords.ts), where an administrator sets real ones.
 */
export const SAMPLE_PASSWORD = 'console-demo';

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
  // A salt of its own for each user, as for any password; the hashes are made side by side.
  const hashes = await Promise.all(users.map(() => hashPassword(SAMPLE_PASSWORD)));
  for (const [i, u] of users.entries()) {
    await tx.query(
      'INSERT INTO users (id, display_name, email_address, password_hash, role) VALUES ($1, $2, $3, $4, $5)',
      [u.id, u.displayName, u.emailAddress, hashes[i], u.role],
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

import type { Queryable } from '../store';

export interface UserRow {
  id: number;
  display_name: string;
  email_address: string;
  password_hash: string;
  role: string;
  /** When the person was disabled; null while they are enabled. */
  disabled_at: Date | null;
}
export interface GroupRow {
  id: number;
  name: string;
  member_count: number;
}
export interface Page {
  q?: string;
  limit: number;
  offset: number;
}

/** `q` matches anywhere in the text, case-insensitively; LIKE wildcards in it are literal. */
export const likePattern = (q: string | undefined) =>
  `%${(q ?? '').toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

export const findUserByEmail = async (db: Queryable, email: string) =>
  (
    await db.query<UserRow>('SELECT * FROM users WHERE lower(email_address) = lower($1)', [email])
  )[0];

/** The user of the email (case-insensitively), locked until the transaction ends (a sign-in). */
export const lockUserByEmail = async (db: Queryable, email: string) =>
  (
    await db.query<UserRow>(
      'SELECT * FROM users WHERE lower(email_address) = lower($1) FOR UPDATE',
      [email],
    )
  )[0];

export const getUser = async (db: Queryable, id: number) =>
  (await db.query<UserRow>('SELECT * FROM users WHERE id = $1', [id]))[0];

export const listUsers = (db: Queryable, page: Page) =>
  db.query<UserRow>(
    `SELECT * FROM users
     WHERE lower(display_name) LIKE $1 ESCAPE '\\' OR lower(email_address) LIKE $1 ESCAPE '\\'
     ORDER BY display_name, id LIMIT $2 OFFSET $3`,
    [likePattern(page.q), page.limit, page.offset],
  );

const groupSelect = `SELECT g.id, g.name, (SELECT count(*) FROM group_members m WHERE m.group_id = g.id)::int AS member_count
  FROM user_groups g`;

export const getGroup = async (db: Queryable, id: number) =>
  (await db.query<GroupRow>(`${groupSelect} WHERE g.id = $1`, [id]))[0];

export const listGroups = (db: Queryable, page: Page) =>
  db.query<GroupRow>(
    `${groupSelect} WHERE lower(g.name) LIKE $1 ESCAPE '\\' ORDER BY g.name, g.id LIMIT $2 OFFSET $3`,
    [likePattern(page.q), page.limit, page.offset],
  );

export const groupMembers = (db: Queryable, groupIds: number[]) =>
  db.query<UserRow & { group_id: number }>(
    `SELECT u.*, m.group_id FROM group_members m JOIN users u ON u.id = m.user_id
     WHERE m.group_id = ANY($1::int[]) ORDER BY u.display_name, u.id`,
    [groupIds],
  );

export const usersByIds = (db: Queryable, ids: number[]) =>
  db.query<UserRow>('SELECT * FROM users WHERE id = ANY($1::int[])', [ids]);

export const groupsByIds = (db: Queryable, ids: number[]) =>
  db.query<GroupRow>(`${groupSelect} WHERE g.id = ANY($1::int[])`, [ids]);

/** A user's role and the ids (as text) of the groups they are in; undefined for an unknown user. */
export const roleAndGroups = async (db: Queryable, userId: number) =>
  (
    await db.query<{ id: number; role: string; groups: string[] }>(
      `SELECT u.id, u.role,
         coalesce((SELECT array_agg(m.group_id::text ORDER BY m.group_id) FROM group_members m
                   WHERE m.user_id = u.id), '{}') AS groups
       FROM users u WHERE u.id = $1`,
      [userId],
    )
  )[0];

/** The groups each of `userIds` is in, by name. */
export async function groupsOfUsers(db: Queryable, userIds: number[]) {
  const rows = await db.query<{ user_id: number; id: number; name: string }>(
    `SELECT m.user_id, g.id, g.name FROM group_members m JOIN user_groups g ON g.id = m.group_id
     WHERE m.user_id = ANY($1::int[]) ORDER BY g.name`,
    [userIds],
  );
  return (id: number) =>
    rows.filter((r) => r.user_id === id).map((r) => ({ id: r.id, name: r.name }));
}

/** Every user by name, at most `limit` (the Security screen's list). */
export const usersByName = (db: Queryable, limit: number) =>
  db.query<UserRow>('SELECT * FROM users ORDER BY lower(display_name), id LIMIT $1', [limit]);

/** The user, locked until the transaction ends (a change of their role). */
export const lockUser = async (db: Queryable, id: number) =>
  (await db.query<UserRow>('SELECT * FROM users WHERE id = $1 FOR UPDATE', [id]))[0];

/**
 * The enabled members of `role`, every member's row locked: two changes of that role's members
 * (a role changed, a person disabled) run one by one.
 */
export const lockEnabledMembersOf = async (db: Queryable, role: string) =>
  (
    await db.query<{ id: number; disabled: boolean }>(
      'SELECT id, disabled_at IS NOT NULL AS disabled FROM users WHERE role = $1 FOR UPDATE',
      [role],
    )
  ).filter((member) => !member.disabled);

export const setUserRole = (db: Queryable, id: number, role: string) =>
  db.query('UPDATE users SET role = $2 WHERE id = $1', [id, role]);

/** Disables the user (keeping when they first were) or enables them. */
export const setUserDisabled = (db: Queryable, id: number, disabled: boolean) =>
  db.query(
    'UPDATE users SET disabled_at = CASE WHEN $2::boolean THEN coalesce(disabled_at, now()) END WHERE id = $1',
    [id, disabled],
  );

export const setPasswordHash = (db: Queryable, id: number, hash: string) =>
  db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [id, hash]);

/** Stores `to` in place of `from` (a legacy hash); a change made since then is kept. */
export const replacePasswordHash = (db: Queryable, id: number, from: string, to: string) =>
  db.query('UPDATE users SET password_hash = $3 WHERE id = $1 AND password_hash = $2', [
    id,
    from,
    to,
  ]);

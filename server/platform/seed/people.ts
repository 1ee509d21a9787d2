import { createHash } from 'node:crypto';
import type { Queryable } from '../store';

/** Sample users' password for session tokens (gaps.md); the README names it. */
export const SAMPLE_PASSWORD = 'console-demo';
export const passwordHash = (password: string) =>
  createHash('sha256').update(password).digest('hex');

export const sampleUsers = [
  { id: 1, displayName: 'Ada Admin', email: 'ada@example.com', role: 'Admin' },
  { id: 2, displayName: 'Ben Analyst', email: 'ben@example.com', role: 'Privileged' },
  { id: 3, displayName: 'Chloe Editor', email: 'chloe@example.com', role: 'Editor' },
  { id: 4, displayName: 'Dev Participant', email: 'dev@example.com', role: 'Participant' },
  { id: 5, displayName: 'Eve Exporter', email: 'eve@example.com', role: 'Editor' },
];

export async function seedPeople(tx: Queryable) {
  for (const u of sampleUsers) {
    await tx.query(
      'INSERT INTO users (id, display_name, email_address, password_hash, role) VALUES ($1, $2, $3, $4, $5)',
      [u.id, u.displayName, u.email, passwordHash(SAMPLE_PASSWORD), u.role],
    );
  }
  await tx.query(
    `INSERT INTO user_groups (id, name) VALUES (101, 'Data engineering'), (102, 'Finance'), (103, 'Support')`,
  );
  await tx.query(
    `INSERT INTO group_members (group_id, user_id) VALUES (101, 1), (101, 2), (102, 3), (102, 5), (103, 4)`,
  );
  await tx.query(`INSERT INTO user_grants (user_id, grant_name) VALUES (1, 'Workflow API')`);
}

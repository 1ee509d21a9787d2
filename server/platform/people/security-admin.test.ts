import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessUser, messageError, role as roleSchema, roleList } from '../../../src/api/contract';
import type { TestPlatform } from '../testing';
import {
  sampleUserIds,
  sampleUsers,
  startWithSampleUsers,
  type SampleUser,
} from '../testing/users';

// An Admin changes a user's role and a role's grants; anyone else hears 403. On
// PGlite, and on PostgreSQL when DATABASE_URL is set. Sample users: Ada Admin, Ben Privileged,
// Chloe and Eve Editors, Dev Participant.
let platform: TestPlatform;
let as: Awaited<ReturnType<typeof sampleUsers>>;
beforeAll(async () => {
  ({ platform, as } = await startWithSampleUsers(sampleUsers));
});
afterAll(() => platform.close());

const setRole = (who: SampleUser, userId: number | string, role: unknown) =>
  as(who, `/api/access/v1/users/${userId}/role`, { method: 'PUT', json: { role } });
const setGrants = (who: SampleUser, role: string, grants: unknown) =>
  as(who, `/api/access/v1/roles/${encodeURIComponent(role)}/grants`, {
    method: 'PUT',
    json: { grants },
  });
const me = async (who: SampleUser) =>
  accessUser.parse(await (await as(who, '/api/content/v2/users/me')).json());

describe('security administration', () => {
  it.each(['ben', 'chloe', 'dev', 'eve'] as const)(
    '%s (not an Admin) may change neither a role nor grants: 403, whatever the body',
    async (who) => {
      for (const res of [
        await setRole(who, sampleUserIds[who], 'Admin'),
        await setRole(who, sampleUserIds.dev, 'Editor'),
        await setRole(who, 999, { not: 'a role' }),
        await setGrants(who, 'Participant', ['Workflow API']),
        await setGrants(who, 'Editor', 'nonsense'),
      ]) {
        expect(res.status).toBe(403);
        expect(messageError.parse(await res.json()).message).toMatch(/You need the Admin role/);
      }
      expect((await me(who)).role).not.toBe('Admin');
      const roles = roleList.parse(await (await as('ada', '/api/access/v1/roles')).json());
      expect(roles.find((r) => r.name === 'Participant')!.grants).toEqual([]);
    },
  );

  it("lets an Admin change a user's role; the new role's grants follow at once", async () => {
    expect((await me('dev')).grants).not.toContain('Workflow API');
    const res = await setRole('ada', sampleUserIds.dev, 'Privileged');
    expect(res.status).toBe(200);
    expect(accessUser.parse(await res.json())).toMatchObject({ id: 4, role: 'Privileged' });
    expect(await me('dev')).toMatchObject({ role: 'Privileged', grants: ['Workflow API'] });
    // The Workflow API grant now lets Dev list his own access tokens.
    expect((await as('dev', '/api/data/v1/accesstokens')).status).toBe(200);
    expect((await setRole('ada', sampleUserIds.dev, 'Participant')).status).toBe(200);
    expect((await as('dev', '/api/data/v1/accesstokens')).status).toBe(403);
  });

  it("lets an Admin change a role's grants; its members hold them at once", async () => {
    const res = await setGrants('ada', 'Editor', ['Workflow API', 'Workflow API']);
    expect(res.status).toBe(200);
    expect(roleSchema.parse(await res.json())).toMatchObject({
      name: 'Editor',
      grants: ['Workflow API'],
      members: 2,
    });
    expect((await me('chloe')).grants).toEqual(['Workflow API']);
    expect((await setGrants('ada', 'Editor', [])).status).toBe(200);
    expect((await me('chloe')).grants).toEqual([]);
  });

  it('lets an Admin grant Read activity log to a role: the grant the log refusal names', async () => {
    const refused = await as('chloe', '/api/audit/v1/events');
    expect(refused.status).toBe(403);
    expect(messageError.parse(await refused.json()).message).toMatch(/Read activity log grant/);
    const res = await setGrants('ada', 'Editor', ['Read activity log']);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(roleSchema.parse(await res.json()).grants).toEqual(['Read activity log']);
    const roles = roleList.parse(await (await as('ada', '/api/access/v1/roles')).json());
    expect(roles.find((r) => r.name === 'Editor')!.grants).toEqual(['Read activity log']);
    expect((await as('chloe', '/api/audit/v1/events')).status).toBe(200);
    expect((await as('chloe', '/api/audit/v1/events.csv')).status).toBe(200);
    expect((await setGrants('ada', 'Editor', [])).status).toBe(200);
    expect((await as('chloe', '/api/audit/v1/events')).status).toBe(403);
  });

  it('refuses what would break the platform or names nothing: 400, 404, 409', async () => {
    const cases: Array<[Response, number, RegExp]> = [
      [await setRole('ada', 999, 'Editor'), 404, /No user 999/],
      [await setRole('ada', 'x', 'Editor'), 404, /No user x/],
      [await setRole('ada', sampleUserIds.ben, 'Overlord'), 400, /role: no role "Overlord"/],
      [await setRole('ada', sampleUserIds.ben, ''), 400, /role/],
      [await setRole('ada', sampleUserIds.ada, 'Editor'), 409, /last Admin/],
      [await setGrants('ada', 'Editor', ['Fly']), 400, /grants/],
      [await setGrants('ada', 'Nobody', []), 404, /No role "Nobody"/],
      [await setGrants('ada', 'Admin', []), 409, /Admin role holds every grant/],
    ];
    for (const [res, status, message] of cases) {
      const text = await res.text();
      expect(res.status, text).toBe(status);
      expect(messageError.parse(JSON.parse(text)).message).toMatch(message);
    }
    expect((await me('ada')).role).toBe('Admin');
    // With a second Admin, the first may step down, and the second may not then.
    expect((await setRole('ada', sampleUserIds.ben, 'Admin')).status).toBe(200);
    expect((await setRole('ben', sampleUserIds.ada, 'Editor')).status).toBe(200);
    expect((await setRole('ben', sampleUserIds.ben, 'Privileged')).status).toBe(409);
    expect((await setRole('ada', sampleUserIds.ada, 'Admin')).status).toBe(403);
    expect((await setRole('ben', sampleUserIds.ada, 'Admin')).status).toBe(200);
  });
});

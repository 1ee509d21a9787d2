import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authenticationError,
  authenticationResult,
  indexedSchema,
  messageError,
  platformGroup,
  platformUser,
} from '../../../src/api/contract';
import { SALES_DATASET_ID } from '../seed/datasets';
import { SAMPLE_PASSWORD } from '../seed/people';
import { refusals } from '../testing/expect';
import { startTestPlatform, type TestPlatform } from '../testing';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

const signIn = (json: unknown) =>
  platform.api('/api/content/v2/authentication', { method: 'POST', json, headers: {} });
const schemaPath = `/api/query/v1/datasources/${SALES_DATASET_ID}/schema/indexed`;

describe('session tokens (gaps.md)', () => {
  it('gives a sample user a session token that reads the indexed schema (4.8)', async () => {
    const res = await signIn({
      method: 'password',
      emailAddress: 'Ben@Example.com',
      password: SAMPLE_PASSWORD,
    });
    expect(res.status).toBe(200);
    const { sessionToken } = authenticationResult.parse(await res.json());
    const schema = await platform.api(schemaPath, {
      headers: { 'x-service-authentication': sessionToken },
    });
    expect(schema.status).toBe(200);
    expect(indexedSchema.parse(await schema.json()).dataSourceId).toBe(SALES_DATASET_ID);
  });

  it('gives every sign-in a token of its own', async () => {
    const body = { method: 'password', emailAddress: 'ada@example.com', password: SAMPLE_PASSWORD };
    const a = authenticationResult.parse(await (await signIn(body)).json());
    const b = authenticationResult.parse(await (await signIn(body)).json());
    expect(a.sessionToken).not.toBe(b.sessionToken);
  });

  it('answers bad credentials with 401 and reason INVALID_CREDENTIALS', async () => {
    for (const body of [
      { method: 'password', emailAddress: 'ben@example.com', password: 'wrong' },
      { method: 'password', emailAddress: 'nobody@example.com', password: SAMPLE_PASSWORD },
    ]) {
      const res = await signIn(body);
      expect(res.status).toBe(401);
      expect(authenticationError.parse(await res.json()).reason).toBe('INVALID_CREDENTIALS');
    }
  });

  it('answers a malformed sign-in with 400 naming the field', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ method: 'sso', emailAddress: 'ben@example.com', password: 'x' }, /^method: /],
      [{ method: 'password', password: 'x' }, /^emailAddress: /],
      [{ method: 'password', emailAddress: 'ben@example.com', password: '' }, /^password: /],
    ];
    for (const [body, message] of cases) {
      const res = await signIn(body);
      expect(res.status).toBe(400);
      const error = authenticationError.parse(await res.json());
      expect(error.reason).toBe('INVALID_REQUEST');
      expect(error.message).toMatch(message);
    }
    const notJson = await platform.api('/api/content/v2/authentication', {
      method: 'POST',
      body: '{',
      headers: {},
    });
    expect(notJson.status).toBe(400);
  });

  it('refuses an unknown session token on the schema, and a session token elsewhere', async () => {
    const bad = await platform.api(schemaPath, {
      headers: { 'x-service-authentication': 'not-a-token' },
    });
    expect(bad.status).toBe(401);
    const { sessionToken } = authenticationResult.parse(
      await (
        await signIn({
          method: 'password',
          emailAddress: 'eve@example.com',
          password: SAMPLE_PASSWORD,
        })
      ).json(),
    );
    const elsewhere = await platform.api('/api/data/v3/datasources', {
      headers: { 'x-service-authentication': sessionToken },
    });
    expect(elsewhere.status).toBe(401);
  });
});

describe('users and groups to share with', () => {
  it('lists users, searching names and email addresses, with limit and offset', async () => {
    const all = platformUser
      .array()
      .parse(await (await platform.api('/api/content/v3/users')).json());
    expect(all.map((u) => u.id).sort()).toEqual([1, 2, 3, 4, 5]);
    const byName = platformUser
      .array()
      .parse(await (await platform.api('/api/content/v3/users?q=chLOE')).json());
    expect(byName.map((u) => u.displayName)).toEqual(['Chloe Editor']);
    const byEmail = platformUser
      .array()
      .parse(await (await platform.api('/api/content/v3/users?q=eve@')).json());
    expect(byEmail.map((u) => u.id)).toEqual([5]);
    const page = platformUser
      .array()
      .parse(await (await platform.api('/api/content/v3/users?limit=2&offset=1')).json());
    expect(page.map((u) => u.id)).toEqual(all.slice(1, 3).map((u) => u.id));
    const wildcard = platformUser
      .array()
      .parse(await (await platform.api('/api/content/v3/users?q=%25')).json());
    expect(wildcard).toEqual([]);
  });

  it('reads one user, and answers an unknown one with 404', async () => {
    expect(
      platformUser.parse(await (await platform.api('/api/content/v3/users/3')).json()).emailAddress,
    ).toBe('chloe@example.com');
    for (const id of ['99', 'abc']) {
      const res = await platform.api(`/api/content/v3/users/${id}`);
      expect(res.status).toBe(404);
      messageError.parse(await res.json());
    }
  });

  it('lists groups with member counts and their members', async () => {
    const groups = platformGroup
      .array()
      .parse(await (await platform.api('/api/content/v2/groups')).json());
    expect(groups).toContainEqual({ id: 102, name: 'Finance', memberCount: 2 });
    const found = platformGroup
      .array()
      .parse(await (await platform.api('/api/content/v2/groups?q=supp')).json());
    expect(found.map((g) => g.id)).toEqual([103]);
    const members = platformUser
      .array()
      .parse(await (await platform.api('/api/content/v2/groups/102/users')).json());
    expect(members.map((u) => u.id).sort()).toEqual([3, 5]);
    expect(
      platformGroup.parse(await (await platform.api('/api/content/v2/groups/101')).json())
        .memberCount,
    ).toBe(2);
  });

  it('answers bad paging and unknown groups with 4xx and a message', async () => {
    const badPaging = [
      '/api/content/v3/users?limit=0',
      '/api/content/v2/groups?limit=x',
      '/api/content/v3/users?offset=-1',
    ];
    for (const message of await refusals(platform, badPaging, 400))
      expect(message).toMatch(/^(limit|offset): /);
    for (const path of ['/api/content/v2/groups/999', '/api/content/v2/groups/999/users']) {
      expect((await platform.api(path)).status).toBe(404);
    }
  });

  it('needs the developer token', async () => {
    expect((await platform.api('/api/content/v3/users', { headers: {} })).status).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageError, outboxMessage, permissionList } from '../../../src/api/contract';
import { SALES_DATASET_ID, WEB_TRAFFIC_DATASET_ID } from '../seed/datasets';
import { startTestPlatform, type TestPlatform } from '../testing';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

const share = (id: string, json: unknown) =>
  platform.api(`/api/data/v3/datasources/${id}/share`, { method: 'POST', json });
const permissions = async (id: string) =>
  permissionList.parse(
    await (await platform.api(`/api/data/v3/datasources/${id}/permissions`)).json(),
  ).list;
const outbox = async (query: string) =>
  outboxMessage.array().parse(await (await platform.api(`/api/data/v3/outbox${query}`)).json());

describe('share a dataset (4.5)', () => {
  it('records USER and GROUP permissions and answers 200 {}', async () => {
    const res = await share(WEB_TRAFFIC_DATASET_ID, {
      permissions: [
        { id: '3', type: 'USER', accessLevel: 'CO_OWNER' },
        { id: '103', type: 'GROUP', accessLevel: 'CAN_SHARE' },
      ],
      sendEmail: false,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
    expect(await permissions(WEB_TRAFFIC_DATASET_ID)).toEqual([
      { id: '3', type: 'USER', accessLevel: 'CO_OWNER', name: 'Chloe Editor' },
      { id: '103', type: 'GROUP', accessLevel: 'CAN_SHARE', name: 'Support' },
    ]);
    expect(await outbox(`?datasetId=${WEB_TRAFFIC_DATASET_ID}`)).toEqual([]);
  });

  it('changes the access level of a principal shared with again', async () => {
    await share(WEB_TRAFFIC_DATASET_ID, {
      permissions: [{ id: '3', type: 'USER', accessLevel: 'CAN_EDIT' }],
    });
    expect((await permissions(WEB_TRAFFIC_DATASET_ID)).find((p) => p.id === '3')?.accessLevel).toBe(
      'CAN_EDIT',
    );
  });

  it('with sendEmail, writes one outbox message per person, group members included, each once', async () => {
    const res = await share(SALES_DATASET_ID, {
      permissions: [
        { id: '4', type: 'USER', accessLevel: 'CAN_EDIT' },
        { id: '101', type: 'GROUP', accessLevel: 'CAN_SHARE' },
        { id: '103', type: 'GROUP', accessLevel: 'CAN_EDIT' },
      ],
      sendEmail: true,
    });
    expect(res.status).toBe(200);
    const messages = await outbox(`?datasetId=${SALES_DATASET_ID}`);
    expect(messages.map((m) => m.to).sort()).toEqual([
      'ada@example.com',
      'ben@example.com',
      'dev@example.com',
    ]);
    const dev = messages.find((m) => m.to === 'dev@example.com')!;
    expect(dev.subject).toBe('Ada Admin shared "Sales by region" with you');
    expect(dev.body).toMatch(/edit access/);
    expect(dev.body).not.toMatch(/group/);
    expect(messages.find((m) => m.to === 'ben@example.com')!.body).toMatch(
      /share access .* through the group "Data engineering"/,
    );
    expect(messages.every((m) => m.datasetId === SALES_DATASET_ID)).toBe(true);
    expect((await outbox('')).length).toBeGreaterThanOrEqual(3);
    expect(await outbox('?datasetId=other')).toEqual([]);
  });

  it('answers an unknown user or group with 400 naming it, and records nothing', async () => {
    const before = await permissions(SALES_DATASET_ID);
    const cases: Array<[unknown, RegExp]> = [
      [
        { permissions: [{ id: '99', type: 'USER', accessLevel: 'CO_OWNER' }] },
        /^permissions\[0\]\.id: no user 99$/,
      ],
      [
        {
          permissions: [
            { id: '2', type: 'USER', accessLevel: 'CAN_EDIT' },
            { id: '7', type: 'GROUP', accessLevel: 'CAN_EDIT' },
          ],
        },
        /^permissions\[1\]\.id: no group 7$/,
      ],
      [
        { permissions: [{ id: 'ben', type: 'USER', accessLevel: 'CAN_EDIT' }] },
        /^permissions\[0\]\.id: no user ben$/,
      ],
      [
        { permissions: [{ id: '2', type: 'ROLE', accessLevel: 'CAN_EDIT' }] },
        /^permissions\.0\.type: /,
      ],
      [
        { permissions: [{ id: '2', type: 'USER', accessLevel: 'OWNER' }] },
        /^permissions\.0\.accessLevel: /,
      ],
      [{ permissions: [] }, /^permissions: /],
      [
        { permissions: [{ id: '2', type: 'USER', accessLevel: 'CAN_EDIT' }], sendEmail: 'yes' },
        /^sendEmail: /,
      ],
    ];
    for (const [json, message] of cases) {
      const res = await share(SALES_DATASET_ID, json);
      expect(res.status).toBe(400);
      expect(messageError.parse(await res.json()).message).toMatch(message);
    }
    expect(await permissions(SALES_DATASET_ID)).toEqual(before);
  });

  it('answers an unknown dataset with 404', async () => {
    const res = await share('nope', {
      permissions: [{ id: '2', type: 'USER', accessLevel: 'CAN_EDIT' }],
    });
    expect(res.status).toBe(404);
    expect((await platform.api('/api/data/v3/datasources/nope/permissions')).status).toBe(404);
  });
});

describe('remove access', () => {
  const remove = (id: string, type: string, principal: string) =>
    platform.api(`/api/data/v3/datasources/${id}/permissions/${type}/${principal}`, {
      method: 'DELETE',
    });

  it("removes a user's and a group's access", async () => {
    expect((await remove(SALES_DATASET_ID, 'USER', '2')).status).toBe(200);
    expect((await remove(SALES_DATASET_ID, 'GROUP', '102')).status).toBe(200);
    const left = await permissions(SALES_DATASET_ID);
    expect(left.find((p) => p.id === '2' && p.type === 'USER')).toBeUndefined();
    expect(left.find((p) => p.id === '102')).toBeUndefined();
  });

  it('answers access that is not there with 404 and a bad type with 400', async () => {
    expect((await remove(SALES_DATASET_ID, 'USER', '2')).status).toBe(404);
    const bad = await remove(SALES_DATASET_ID, 'ROLE', '2');
    expect(bad.status).toBe(400);
    expect(messageError.parse(await bad.json()).message).toMatch(/^type: /);
    expect((await remove('nope', 'USER', '2')).status).toBe(404);
  });
});

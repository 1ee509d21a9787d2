import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SALES_DATASET_ID as SALES, WEB_TRAFFIC_DATASET_ID as TRAFFIC } from '../seed/datasets';
import type { TestPlatform } from '../testing';
import { sampleUserRequests, startWithSampleUsers, type AsUser } from '../testing/users';

// A user with share access may not give himself CO_OWNER, remove others or certify.
// Seed: Sales is owned by Ada (Admin), shared CAN_EDIT with Ben and CAN_SHARE with Finance
// (group 102: Chloe, Eve); Web traffic is owned by Ben. Dev (Participant) is in Support (103).
let platform: TestPlatform;
let as: AsUser;

beforeAll(async () => {
  ({ platform, as } = await startWithSampleUsers(sampleUserRequests));
});
afterAll(() => platform.close());

const ds = (id: string) => `/api/data/v3/datasources/${id}`;
const share = (who: string, id: string, type: string, principal: string, accessLevel: string) =>
  as(who, `${ds(id)}/share`, 'POST', {
    permissions: [{ type, id: principal, accessLevel }],
    sendEmail: false,
  });
const remove = (who: string, id: string, type: string, principal: string) =>
  as(who, `${ds(id)}/permissions/${type}/${principal}`, 'DELETE');
const levels = async (id: string) =>
  (
    (await (await as('ada', `${ds(id)}/permissions`)).json()) as {
      list: Array<{ type: string; id: string; accessLevel: string }>;
    }
  ).list.map((p) => `${p.type}:${p.id}:${p.accessLevel}`);

type Act = ['share', string, string, string] | ['remove', string, string];
// In order, each row on the state the rows before it left: user × dataset × act → status.
const table: Array<[string, 'Sales' | 'Traffic', Act, number]> = [
  ['chloe', 'Sales', ['share', 'USER', '3', 'CO_OWNER'], 403],
  ['chloe', 'Sales', ['share', 'USER', '3', 'CAN_SHARE'], 403],
  ['chloe', 'Sales', ['share', 'USER', '4', 'CO_OWNER'], 403],
  ['chloe', 'Sales', ['share', 'USER', '4', 'CAN_EDIT'], 403],
  ['chloe', 'Sales', ['share', 'GROUP', '102', 'CO_OWNER'], 403],
  ['chloe', 'Sales', ['share', 'USER', '4', 'CAN_SHARE'], 200],
  ['ben', 'Sales', ['share', 'USER', '4', 'CAN_EDIT'], 200],
  ['ben', 'Sales', ['share', 'USER', '4', 'CO_OWNER'], 403],
  ['ben', 'Sales', ['share', 'USER', '2', 'CO_OWNER'], 403],
  ['ben', 'Sales', ['share', 'USER', '2', 'CAN_SHARE'], 403],
  ['chloe', 'Sales', ['share', 'USER', '4', 'CAN_SHARE'], 403],
  ['chloe', 'Sales', ['remove', 'USER', '4'], 403],
  ['ben', 'Sales', ['remove', 'USER', '4'], 403],
  ['ben', 'Sales', ['remove', 'GROUP', '102'], 403],
  ['dev', 'Sales', ['share', 'USER', '5', 'CAN_SHARE'], 403],
  ['dev', 'Traffic', ['share', 'USER', '4', 'CO_OWNER'], 404],
  ['dev', 'Traffic', ['remove', 'USER', '4'], 404],
  ['ben', 'Traffic', ['share', 'USER', '3', 'CO_OWNER'], 200],
  ['chloe', 'Traffic', ['share', 'USER', '5', 'CO_OWNER'], 200],
  ['chloe', 'Traffic', ['share', 'USER', '5', 'CAN_SHARE'], 200],
  ['chloe', 'Traffic', ['remove', 'USER', '5'], 200],
  ['chloe', 'Traffic', ['remove', 'USER', '3'], 403],
  ['chloe', 'Traffic', ['share', 'USER', '3', 'CAN_EDIT'], 403],
  ['ada', 'Sales', ['share', 'USER', '2', 'CO_OWNER'], 200],
  ['ben', 'Sales', ['share', 'USER', '4', 'CO_OWNER'], 200],
  ['ben', 'Sales', ['share', 'USER', '4', 'CAN_SHARE'], 200],
  ['ben', 'Sales', ['remove', 'USER', '4'], 200],
  ['ben', 'Sales', ['remove', 'USER', '2'], 403],
  ['ada', 'Sales', ['remove', 'USER', '2'], 200],
  ['ben', 'Traffic', ['remove', 'USER', '3'], 200],
];

describe('sharing policy', () => {
  it.each(table)('%s on %s: %j → %i', async (who, name, act, status) => {
    const id = name === 'Sales' ? SALES : TRAFFIC;
    const res =
      act[0] === 'share'
        ? await share(who, id, act[1], act[2], act[3])
        : await remove(who, id, act[1], act[2]);
    const text = await res.text();
    expect(res.status, text).toBe(status);
    if (status === 403)
      expect(text).toMatch(
        /need (CAN_SHARE|CAN_EDIT|CO_OWNER) access|Editor role|may not (change|remove) your own access/,
      );
    if (status === 404) expect(text).toContain(`No dataset ${id}`);
  });

  it('the escalation of the review fails and changes nothing', async () => {
    const before = await levels(SALES);
    const escalate = await as('eve', `${ds(SALES)}/share`, 'POST', {
      permissions: [
        { type: 'USER', id: '4', accessLevel: 'CAN_SHARE' },
        { type: 'USER', id: '5', accessLevel: 'CO_OWNER' },
      ],
      sendEmail: true,
    });
    expect(escalate.status).toBe(403);
    expect(await escalate.text()).toContain('permissions[1]: You may not change your own access');
    expect(await levels(SALES)).toEqual(before);
    expect((await remove('eve', SALES, 'GROUP', '102')).status).toBe(403);
    const certify = await as(
      'eve',
      `/api/tags/v3/DATA_SOURCE/${SALES}/system/CERTIFIED/state/ACTIVE`,
      'PUT',
    );
    expect(certify.status).toBe(403);
    const outbox = (await (
      await as('ada', `/api/data/v3/outbox?datasetId=${SALES}`)
    ).json()) as unknown[];
    expect(outbox).toEqual([]);
  });

  it('the access answer says what the sharing tab may offer', async () => {
    const sharing = async (who: string, id: string) =>
      ((await (await as(who, `/api/access/v1/datasets/${id}`)).json()) as { sharing: unknown })
        .sharing;
    expect(await sharing('eve', SALES)).toEqual({
      grantable: ['CAN_SHARE'],
      removeOthers: { allowed: false, status: 403, needed: 'CO_OWNER' },
      changeOwn: { allowed: false, status: 403, needed: 'the owner, another co-owner or an Admin' },
    });
    expect(await sharing('ada', SALES)).toEqual({
      grantable: ['CAN_SHARE', 'CAN_EDIT', 'CO_OWNER'],
      removeOthers: { allowed: true },
      changeOwn: { allowed: true },
    });
    expect(await sharing('ben', TRAFFIC)).toMatchObject({ changeOwn: { allowed: true } });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificationState, certifyResponse, messageError } from '../../../src/api/contract';
import { SALES_CARD_ID, SALES_DATASET_ID } from '../seed/datasets';
import { startTestPlatform, type TestPlatform } from '../testing';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

const tag = (type: string, id: string) => `/api/tags/v3/${type}/${id}/system/CERTIFIED/state`;
const state = async (type: string, id: string) =>
  certificationState.parse(await (await platform.api(tag(type, id))).json());

describe('certification (4.9)', () => {
  for (const [type, id] of [
    ['DATA_SOURCE', SALES_DATASET_ID],
    ['CARD', SALES_CARD_ID],
  ] as const) {
    it(`certifies a ${type}, reads the state, and removes it`, async () => {
      expect(await state(type, id)).toEqual({
        tag: 'CERTIFIED',
        state: null,
        metadata: null,
        updated: null,
      });
      const res = await platform.api(`${tag(type, id)}/ACTIVE`, { method: 'PUT' });
      expect(res.status).toBe(200);
      expect(certifyResponse.parse(await res.json()).message).toMatch(/certified/);
      const certified = await state(type, id);
      expect(certified).toMatchObject({
        tag: 'CERTIFIED',
        state: 'ACTIVE',
        metadata: { certifiedBy: 1 },
      });
      expect(Date.parse(certified.updated!)).toBeGreaterThan(Date.now() - 60_000);
      expect((await platform.api(`${tag(type, id)}/ACTIVE`, { method: 'PUT' })).status).toBe(200);
      const removed = await platform.api(tag(type, id), { method: 'DELETE' });
      expect(removed.status).toBe(204);
      expect(await removed.text()).toBe('');
      expect((await state(type, id)).state).toBeNull();
    });
  }

  it('answers a bad entityType with 400 and an unknown entity with 404, both {message}', async () => {
    const cases: Array<[string, string, number]> = [
      [`${tag('PAGE', SALES_DATASET_ID)}/ACTIVE`, 'PUT', 400],
      [tag('data_source', SALES_DATASET_ID), 'GET', 400],
      [`${tag('DATA_SOURCE', 'nope')}/ACTIVE`, 'PUT', 404],
      [`${tag('CARD', '999999')}/ACTIVE`, 'PUT', 404],
      [tag('CARD', '999999'), 'GET', 404],
      [tag('DATA_SOURCE', 'nope'), 'DELETE', 404],
      [`${tag('DATA_SOURCE', SALES_DATASET_ID)}/PENDING`, 'PUT', 400],
    ];
    for (const [path, method, status] of cases) {
      const res = await platform.api(path, { method });
      expect(res.status, `${method} ${path}`).toBe(status);
      const body = messageError.strict().parse(await res.json());
      expect(body.message.length).toBeGreaterThan(0);
    }
  });
});

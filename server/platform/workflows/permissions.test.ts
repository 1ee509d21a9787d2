import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workflowUserPermissions } from '../../../src/api/contract';
import { mintToken } from '../people/token-repository';
import { SAMPLE_WORKFLOWS } from '../seed/workflows';
import { startTestPlatform, type TestPlatform } from '../testing';
import { v1 } from '../testing/workflows';

// `GET /v1/workflows/{id}/permissions`: who may use a workflow and what each may do, as the
// workflow policy decides it for each user (the vendor's `parts=users` is answered from it).

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
}, 120_000);
afterAll(() => platform?.close());

const bens = SAMPLE_WORKFLOWS.find((w) => w.owner === 2)!;
const eves = SAMPLE_WORKFLOWS.find((w) => w.owner === 5)!;
const adas = SAMPLE_WORKFLOWS.find((w) => w.owner === 1)!;
const everyUse = ['READ', 'WRITE', 'EXECUTE'];
const ada = { id: 1, name: 'Ada Admin', role: 'Admin', roleId: 1, permissions: everyUse };

describe('who may use a workflow', () => {
  it('its owner holding the grant, then the Admins; an owner without the grant is left out', async () => {
    const read = async (id: string) => {
      const res = await v1(platform)(`/v1/workflows/${id}/permissions`);
      expect(res.status).toBe(200);
      return workflowUserPermissions.parse(await res.json());
    };
    expect(await read(bens.id)).toEqual([
      { id: 2, name: 'Ben Analyst', role: 'Privileged', roleId: 2, permissions: everyUse },
      ada,
    ]);
    expect(await read(eves.id)).toEqual([ada]);
    expect(await read(adas.id)).toEqual([ada]);
  });

  it('is read by who may read the workflow: 404 for anyone else, as the workflow itself', async () => {
    const ben = await mintToken(platform.db, { userId: 2, name: 'ben', kind: 'access' });
    expect((await v1(platform, ben.value)(`/v1/workflows/${bens.id}/permissions`)).status).toBe(
      200,
    );
    const hidden = await v1(platform, ben.value)(`/v1/workflows/${adas.id}/permissions`);
    expect(hidden.status).toBe(404);
    expect(((await hidden.json()) as { message: string }).message).toMatch(
      new RegExp(`No workflow ${adas.id}`),
    );
  });
});

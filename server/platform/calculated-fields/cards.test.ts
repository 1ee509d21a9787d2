import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardSummaryList } from '../../../src/api/contract';
import { sampleUserRequests, startWithSampleUsers, type AsUser } from '../testing/users';
import { LINKED_CARDS } from '../seed/calculated-fields';
import type { TestPlatform } from '../testing';

// A CARD link reads the card's title, for those who may read the card's dataset.
let platform: TestPlatform;
let as: AsUser;
beforeAll(async () => {
  ({ platform, as } = await startWithSampleUsers(sampleUserRequests));
});
afterAll(() => platform?.close());

const cards = Object.values(LINKED_CARDS);
const urns = cards.map((card) => card.id).join(',');

describe('cards by id', () => {
  it('an Admin reads every sample card by its title; an unknown id is left out', async () => {
    const res = await as('ada', `/api/content/v1/cards?urns=${urns},404404`);
    expect(res.status).toBe(200);
    const read = cardSummaryList.parse(await res.json());
    expect(new Map(read.map((c) => [c.urn, c.title]))).toEqual(
      new Map(cards.map((c) => [c.id, c.title])),
    );
  });

  it('another user reads only the cards of datasets he may read', async () => {
    const read = cardSummaryList.parse(
      await (await as('eve', `/api/content/v1/cards?urns=${urns}`)).json(),
    );
    const all = cardSummaryList.parse(
      await (await as('ada', `/api/content/v1/cards?urns=${urns}`)).json(),
    );
    const readable = [];
    for (const card of all) {
      const dataset = await as('eve', `/api/data/v3/datasources/${card.datasetId}`);
      if (dataset.status === 200) readable.push(card.urn);
    }
    expect(readable.length).toBeLessThan(all.length);
    expect(read.map((c) => c.urn)).toEqual(readable);
  });

  it('asks for 1 to 100 cards', async () => {
    expect((await as('ada', '/api/content/v1/cards')).status).toBe(400);
    const many = Array.from({ length: 101 }, (_, i) => String(i + 1)).join(',');
    const res = await as('ada', `/api/content/v1/cards?urns=${many}`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/name 1 to 100 cards/);
  });
});

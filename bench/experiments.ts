import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { experiment as experimentSchema } from '../src/api/contract';
import { ORDERS_COLLECTION_ID } from '../server/platform/seed/datastores';
import { startTestPlatform } from '../server/platform/testing';
import { casesDataset, experimentsPath } from '../server/platform/testing/experiments';
import { fakeChat } from '../server/platform/testing/provider';
import { median, ms, percentile, type Bench, type BenchRow } from './lib';

const CASES = 500;
const VARIANTS = 2;
const LATENCY_MS = 200;
const CONCURRENCY = 8;
const IDEAL_S = (CASES * VARIANTS * LATENCY_MS) / 1000 / CONCURRENCY;
/** The budgets: elapsed within 1.2 × the ideal, a read's p99 within 100 ms. */
const RATIO_BUDGET = 1.2;
const READ_P99_BUDGET_MS = 100;

/**
 * A prompt experiment of 500 cases × 2 variants on a fake OpenAI-compatible provider answering
 * in 200 ms, at a concurrency of 8, on the embedded platform (PGlite, or PostgreSQL when
 * DATABASE_URL is set): its elapsed time against the ideal (500 × 2 × 0.2 s / 8), and the
 * latency of reads sent one after another meanwhile (the experiment's page, a collection).
 */
const experiments: Bench = async () => {
  const chat = fakeChat(LATENCY_MS);
  const provider = http.createServer(chat.handler);
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  const platform = await startTestPlatform({
    env: {
      GENERATION_OPENAI_BASE_URL: `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1`,
      GENERATION_OPENAI_MODELS: 'small-chat',
      GENERATION_TIMEOUT_SECONDS: '30',
    },
  });
  try {
    const datasetId = await casesDataset(platform, {
      name: 'Bench cases',
      owner: 1,
      columns: ['question', 'answer'],
      rows: Array.from({ length: CASES }, (_, i) => [`question ${i}`, `answer to question ${i}`]),
    });
    const started = performance.now();
    const res = await platform.api(experimentsPath, {
      method: 'POST',
      json: {
        name: 'Bench',
        cases: { datasetId, limit: CASES },
        mapping: { question: 'question' },
        expectedColumn: 'answer',
        variants: [
          { model: 'small-chat', template: '${question}' },
          { model: 'small-chat', template: 'Answer briefly: ${question}' },
        ],
        scorers: [{ type: 'contains', caseSensitive: true }],
        concurrency: CONCURRENCY,
      },
    });
    if (res.status !== 201) throw new Error(`create answered ${res.status}: ${await res.text()}`);
    const { id } = experimentSchema.parse(await res.json());
    const experimentReads: number[] = [];
    const collectionReads: number[] = [];
    let ended: ReturnType<typeof experimentSchema.parse> | undefined;
    let elapsedS = 0;
    while (!ended) {
      let t = performance.now();
      const read = await platform.api(`${experimentsPath}/${id}`);
      const e = experimentSchema.parse(await read.json());
      experimentReads.push(performance.now() - t);
      if (!['QUEUED', 'RUNNING'].includes(e.state)) {
        elapsedS = (performance.now() - started) / 1000;
        ended = e;
        break;
      }
      t = performance.now();
      const collection = await platform.api(
        `/api/datastores/v1/collections/${ORDERS_COLLECTION_ID}`,
      );
      await collection.arrayBuffer();
      if (!collection.ok) throw new Error(`Get Collection answered ${collection.status}`);
      collectionReads.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 20));
    }
    if (ended.state !== 'SUCCESS' || ended.progress.done !== CASES * VARIANTS)
      throw new Error(`the experiment ended ${ended.state}: ${JSON.stringify(ended.progress)}`);
    const ratio = elapsedS / IDEAL_S;
    const runS = (Date.parse(ended.finishedAt!) - Date.parse(ended.startedAt!)) / 1000;
    const reads = [...experimentReads, ...collectionReads];
    const p99 = percentile(reads, 99);
    const rows: BenchRow[] = [
      {
        group: 'experiments',
        metric: `${CASES} cases × ${VARIANTS} variants, ${LATENCY_MS} ms provider, concurrency ${CONCURRENCY}`,
        value: `${elapsedS.toFixed(2)} s = ${ratio.toFixed(2)} × ideal`,
        note: `ideal ${IDEAL_S} s; budget ≤ ${RATIO_BUDGET} ×; from the create request to the end; its run (started → finished) ${runS.toFixed(2)} s; provider saw at most ${chat.maxInFlight} at once`,
        ...(ratio > RATIO_BUDGET
          ? { failure: `${ratio.toFixed(2)} × the ideal, over ${RATIO_BUDGET}` }
          : {}),
      },
      {
        group: 'experiments',
        metric: 'reads during the run (experiment, collection)',
        value: `p50 ${ms(median(reads))}, p99 ${ms(p99)}`,
        note: `${experimentReads.length} experiment reads (p99 ${ms(percentile(experimentReads, 99))}), ${collectionReads.length} collection reads (p99 ${ms(percentile(collectionReads, 99))}); budget p99 ≤ ${READ_P99_BUDGET_MS} ms`,
        ...(p99 > READ_P99_BUDGET_MS
          ? { failure: `p99 ${ms(p99)}, over ${READ_P99_BUDGET_MS} ms` }
          : {}),
      },
    ];
    return rows;
  } finally {
    await platform.close();
    provider.closeAllConnections();
    await new Promise((resolve) => provider.close(resolve));
  }
};
export default experiments;

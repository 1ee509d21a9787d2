import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calculatedField, runStatus } from '../../../src/api/contract';
import type { Db } from '../store';
import { openTestStore } from '../testing';
import { sampleCalculatedFields } from './calculated-fields';
import { SAMPLE_FILESETS, sampleFilesetFiles } from './filesets';
import { sampleGenerationRuns } from './generation';
import { seedIfEmpty } from './index';
import { SAMPLE_WORKFLOWS, sampleWorkflowRuns } from './workflows';

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const count = async (table: string) =>
  (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;

let db: Db;

beforeAll(async () => {
  db = await openTestStore('seed-test-');
  await seedIfEmpty(db);
});
afterAll(() => db.close());

describe('sample data: calculated fields, filesets, workflows, generation models', () => {
  it('seeds every row once, and a second seedIfEmpty adds nothing', async () => {
    const tables = [
      'calculated_fields',
      'filesets',
      'fileset_files',
      'workflows',
      'workflow_runs',
      'workflow_run_logs',
      'generation_runs',
    ];
    const before = await Promise.all(tables.map(count));
    expect(before.slice(0, 6)).toEqual([
      sampleCalculatedFields.length,
      SAMPLE_FILESETS.length,
      sampleFilesetFiles().length,
      SAMPLE_WORKFLOWS.length,
      sampleWorkflowRuns().length,
      sampleWorkflowRuns().flatMap((r) => r.logs).length,
    ]);
    expect(before[0]).toBeGreaterThanOrEqual(40);
    expect(before[2]).toBeGreaterThanOrEqual(25);
    await seedIfEmpty(db);
    expect(await Promise.all(tables.map(count))).toEqual(before);
  });

  it('gives calculated fields a real checksum and functions and columns that match the expression', async () => {
    const rows = await db.query<Record<string, unknown>>(
      'SELECT * FROM calculated_fields ORDER BY id',
    );
    for (const row of rows) {
      const field = calculatedField.parse({
        ...row,
        checkSum: row.check_sum,
        legacyId: row.legacy_id,
        lastModified: row.last_modified,
        dataType: row.data_type,
        cacheWindow: row.cache_window,
        columnPositions: row.column_positions,
      });
      expect(field.checkSum).toBe(sha256(field.expression));
      expect(field.legacyId).toMatch(
        /^calculation_[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
      for (const fn of field.functions) expect(field.expression).toContain(fn);
      for (const { columnName, columnPosition } of field.columnPositions)
        expect(field.expression.slice(columnPosition)).toMatch(new RegExp(`^\`${columnName}\``));
      expect(field.lastModified).toBeGreaterThanOrEqual(field.created);
      expect(new Date(field.created).getUTCFullYear()).toBe(2026);
      // INVALID exactly when a link names an illegal reference.
      expect(field.status === 'INVALID').toBe(
        field.links.some((l) => l.valid === 'ILLEGAL_REFERENCE'),
      );
      expect(field.links.map((l) => l.resource.type)).toContain('DATA_SOURCE');
    }
    // Where the linked dataset is seeded, validity follows its real columns.
    const datasets = await db.query<{ id: string; columns: Array<{ name: string }> }>(
      'SELECT id, columns FROM datasets',
    );
    let checked = 0;
    for (const row of rows) {
      const link = (row.links as Array<{ resource: { type: string; id: string } }>).find(
        (l) => l.resource.type === 'DATA_SOURCE',
      )!;
      const dataset = datasets.find((d) => d.id === link.resource.id);
      if (!dataset) continue;
      const names = dataset.columns.map((c) => c.name);
      const refs = (row.column_positions as Array<{ columnName: string }>).map((c) => c.columnName);
      expect(row.status, String(row.name)).toBe(
        refs.every((r) => names.includes(r)) ? 'VALID' : 'INVALID',
      );
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(10);
    const revenue = rows.find((r) => r.name === 'Revenue');
    expect(revenue).toMatchObject({
      expression: 'SUM(`unitPrice` * `quantity`)',
      functions: ['SUM'],
      aggregated: true,
    });
    const values = (key: string) => new Set(rows.map((r) => r[key]));
    expect(values('data_type')).toEqual(
      new Set(['DECIMAL', 'DOUBLE', 'LONG', 'STRING', 'DATE', 'DATETIME']),
    );
    expect(values('status')).toEqual(new Set(['VALID', 'INVALID']));
    expect(values('cache_window')).toEqual(new Set(['day', 'non_dynamic']));
    for (const flag of ['locked', 'global', 'archived', 'hidden', 'analytic', 'variable'])
      expect(values(flag), flag).toEqual(new Set([true, false]));
  });

  it('stores fileset files whose hash and size are those of their bytes', async () => {
    const files = await db.query<{
      path: string;
      body: Uint8Array;
      hash: string;
      size: number;
      text_content: string;
      content_type: string;
      file_type: string;
    }>('SELECT path, body, hash, size, text_content, content_type, file_type FROM fileset_files');
    for (const f of files) {
      expect(f.hash, f.path).toBe(sha256(f.body));
      expect(f.size).toBe(f.body.byteLength);
      expect(Buffer.from(f.body).toString('utf8')).toBe(f.text_content);
      expect(f.file_type).toBe('FILE');
      expect(f.content_type).toBe(
        { md: 'text/markdown', txt: 'text/plain', csv: 'text/csv', json: 'application/json' }[
          f.path.split('.').pop()!
        ],
      );
    }
    expect(new Set(files.map((f) => f.content_type)).size).toBe(4);
    expect(files.map((f) => f.path)).toEqual(
      expect.arrayContaining([
        'manuals/widget/setup.md',
        'runbooks/incident-response.md',
        'policies/data-retention.txt',
      ]),
    );
    const [mismatch] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM fileset_files WHERE hash <> encode(sha256(body), 'hex') OR size <> octet_length(body)`,
    );
    expect(mismatch!.n).toBe(0);
  });

  it('ranks files by full-text search over their content (as Query Files ranks them)', async () => {
    const search = async (words: string) =>
      (
        await db.query<{ path: string }>(
          `SELECT path FROM fileset_files, websearch_to_tsquery('english', $1) AS q WHERE search @@ q
           ORDER BY ts_rank(search, q, 1 | 32) DESC, path`,
          [words],
        )
      ).map((r) => r.path);
    const refund = await search('refund');
    for (const path of refund.slice(0, 5)) expect(path).toMatch(/refund/);
    expect(refund).toEqual(
      expect.arrayContaining([
        'policies/refund-policy.md',
        'runbooks/refund-requests.md',
        'runbooks/billing/chargebacks.md',
      ]),
    );
    expect(refund).not.toContain('policies/encryption-standard.md');
    expect(refund).not.toContain('manuals/widget/setup.md');
    expect((await search('encryption')).slice(0, 3).sort()).toEqual([
      'policies/encryption-standard.md',
      'policies/glossary/security/encryption-at-rest.md',
      'policies/glossary/security/encryption-in-transit.md',
    ]);
    expect((await search('escalation'))[0]).toBe('runbooks/escalation-matrix.md');
    expect((await search('retention periods')).slice(0, 2)).toContain(
      'policies/data-retention.txt',
    );
    expect(await search('warranty')).toEqual(
      expect.arrayContaining(['manuals/widget/warranty.md', 'policies/warranty-terms.md']),
    );
    expect(await search('certificate expired')).toEqual(
      expect.arrayContaining([expect.stringMatching(/^runbooks\/incidents\/20\d\d\/inc-\d+-/)]),
    );
  });

  it('gives every workflow run a finished state and a log with increasing seq from its own steps', async () => {
    const workflows = await db.query<{
      id: string;
      version: number;
      definition: { steps: Array<{ id: string }> };
    }>('SELECT id, version, definition FROM workflows');
    const runs = await db.query<{
      id: string;
      workflow_id: string;
      version: number;
      status: string;
      started_at: Date;
      finished_at: Date;
      error: string | null;
    }>('SELECT * FROM workflow_runs');
    expect(new Set(runs.map((r) => r.status))).toEqual(
      new Set(['COMPLETED', 'FAILED', 'CANCELED']),
    );
    for (const run of runs) {
      runStatus.parse(run.status);
      const workflow = workflows.find((w) => w.id === run.workflow_id)!;
      expect(run.version).toBeGreaterThanOrEqual(1);
      expect(run.version).toBeLessThanOrEqual(workflow.version);
      expect(run.error !== null).toBe(run.status === 'FAILED');
      const logs = await db.query<{ seq: number; at: Date; level: string; step: string }>(
        'SELECT seq, at, level, step FROM workflow_run_logs WHERE run_id = $1 ORDER BY seq',
        [run.id],
      );
      expect(logs.length).toBeGreaterThanOrEqual(5);
      expect(logs.length).toBeLessThanOrEqual(30);
      expect(logs.map((l) => l.seq)).toEqual(logs.map((_, i) => i + 1));
      const times = logs.map((l) => new Date(l.at).getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(times[0]).toBe(new Date(run.started_at).getTime());
      expect(times.at(-1)).toBe(new Date(run.finished_at).getTime());
      const stepIds = workflow.definition.steps.map((s) => s.id);
      // A line is about one of the run's steps, or about the whole run (no step).
      for (const l of logs) expect(['', ...stepIds]).toContain(l.step);
      if (run.status === 'FAILED') expect(logs.at(-1)!.level).toBe('ERROR');
    }
    const [levels] = await db.query<{ levels: string[] }>(
      'SELECT array_agg(DISTINCT level ORDER BY level) AS levels FROM workflow_run_logs',
    );
    expect(levels!.levels).toEqual(['DEBUG', 'ERROR', 'INFO', 'WARN']);
  });

  it('has a sample playground session answered as the built-in model answers', async () => {
    const runs = await db.query<{ seq: number; model_id: string; response: { prompt: string } }>(
      'SELECT seq, model_id, response FROM generation_runs ORDER BY seq',
    );
    expect(runs.map((r) => r.seq)).toEqual(sampleGenerationRuns.map((_, i) => i + 1));
    expect(runs.every((r) => r.model_id === 'local.template-echo')).toBe(true);
    expect(runs[0]!.response.prompt).toContain('Summarise for the sales leads in 30 words');
  });
});

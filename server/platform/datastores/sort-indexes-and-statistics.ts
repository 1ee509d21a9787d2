import { createHash } from 'node:crypto';
import type { Jobs } from '../core/jobs';
import type { Db } from '../store';

export interface SortIndexesAndStatisticsOptions {
  /** A collection smaller than this sorts fast enough without an index. */
  sortIndexMinDocuments?: number;
  sortIndexesPerCollection?: number;
  /** Rows written since the last ANALYZE that call for another (at least this, or 10 % of the table). */
  analyzeAfterRows?: number;
}

const RECHECK_MS = 60_000;

/**
 * PGlite runs in this thread and a job's statements follow one another without returning to
 * the event loop: wait a moment, so the answer that asked for the work goes out first.
 */
const afterTheAnswer = () => new Promise((resolve) => setTimeout(resolve, 50));

const indexKey = (collectionId: string, path: string[]) =>
  [collectionId, ...path].map((s) => `${s}\u0000`).join('');

/**
 * The sort indexes and the statistics of the documents table, which keep document queries fast
 * on a store that grows:
 * - sort indexes: `ORDER BY content #> '{x}' LIMIT 50` must otherwise read and sort every
 *   matching document. There cannot be an index per possible field, so a collection of at
 *   least `sortIndexMinDocuments` documents gets one on a content field once it is ordered by
 *   it (a partial index on the collection, matching the query's sort expression exactly);
 * - statistics: PGlite runs no autovacuum, so the planner would not learn that an equality
 *   filter (GIN) keeps few rows, and the GIN index's pending list would only grow. ANALYZE of
 *   the table's size and collections (cheap) and a pending-list merge run after large writes;
 *   the content's statistics (costly) when the table has grown fourfold, and with each sort index.
 */
export class SortIndexesAndStatistics {
  private readonly indexed = new Set<string>();
  /** Fields with a value too large for a sort index: none is made for them again. */
  private readonly unindexable = new Set<string>();
  private readonly checkedAt = new Map<string, number>();
  private rowsWritten = 0;
  private analyzing = false;
  /** The table's rows when this process last took the content's statistics (0: never). */
  private contentAnalyzedAt = 0;
  private readonly minDocuments: number;
  private readonly perCollection: number;
  private readonly analyzeAfter: number;

  constructor(
    private readonly db: Db,
    private readonly jobs: Jobs,
    private readonly log: (line: string) => void,
    options: SortIndexesAndStatisticsOptions = {},
  ) {
    this.minDocuments = options.sortIndexMinDocuments ?? 10_000;
    this.perCollection = options.sortIndexesPerCollection ?? 8;
    this.analyzeAfter = options.analyzeAfterRows ?? 5_000;
  }

  afterSortedQuery(collectionId: string, path: string[]) {
    const key = indexKey(collectionId, path);
    if (this.indexed.has(key) || this.unindexable.has(key)) return;
    if (Date.now() - (this.checkedAt.get(key) ?? 0) < RECHECK_MS) return;
    this.checkedAt.set(key, Date.now());
    this.jobs.run('document-sort-index', async () => {
      await afterTheAnswer();
      await this.ensureSortIndex(collectionId, path, key);
    });
  }

  afterWrite(rows: number) {
    this.rowsWritten += rows;
    if (this.analyzing || this.rowsWritten < this.analyzeAfter) return;
    this.analyzing = true;
    this.jobs.run('document-statistics', async () => {
      try {
        await afterTheAnswer();
        const [table] = await this.db.query<{ rows: number }>(
          "SELECT greatest(reltuples, 0)::bigint AS rows FROM pg_class WHERE oid = 'documents'::regclass",
        );
        if (this.rowsWritten < Math.max(this.analyzeAfter, (table?.rows ?? 0) / 10)) return;
        const rows = (table?.rows ?? 0) + this.rowsWritten;
        this.rowsWritten = 0;
        // The table's size and each collection's share; the content's statistics only when
        // the table has grown fourfold since they were last taken here (and with each sort index):
        // they sort every sampled document, holding every reader on PGlite meanwhile.
        const whole = rows >= 4 * this.contentAnalyzedAt;
        await this.db.query(whole ? 'ANALYZE documents' : 'ANALYZE documents (collection_id)');
        if (whole) this.contentAnalyzedAt = Math.max(rows, 1);
        // New GIN entries wait in a pending list that every equality filter scans; VACUUM would
        // merge them, and there is no autovacuum to run it.
        await this.db.query("SELECT gin_clean_pending_list('documents_content'::regclass)");
      } finally {
        this.analyzing = false;
      }
    });
  }

  /** A write met a value too large for this index (sort-index-rescue.ts): the index goes. */
  async dropOversizedIndex(indexName: string) {
    const [row] = await this.db.query<{ collection_id: string; path: string[] }>(
      'DELETE FROM document_sort_indexes WHERE index_name = $1 RETURNING collection_id, path',
      [indexName],
    );
    await this.db.exec(`DROP INDEX IF EXISTS ${indexName.replace(/[^a-z0-9_]/g, '')}`);
    if (row) {
      const key = indexKey(row.collection_id, row.path);
      this.indexed.delete(key);
      this.unindexable.add(key);
      this.log(
        `sort index ${indexName} dropped: a value of content.${row.path.join('.')} is too large for it`,
      );
    }
  }

  /** Before a collection goes: its partial indexes would otherwise stay behind. */
  async dropSortIndexes(collectionId: string) {
    const rows = await this.db.query<{ ddl: string }>(
      "SELECT format('DROP INDEX IF EXISTS %I', index_name) AS ddl FROM document_sort_indexes WHERE collection_id = $1",
      [collectionId],
    );
    for (const { ddl } of rows) await this.db.exec(ddl);
    for (const key of this.indexed)
      if (key.startsWith(indexKey(collectionId, []))) this.indexed.delete(key);
  }

  private async ensureSortIndex(collectionId: string, path: string[], key: string) {
    const known = await this.db.query<{ path: string[] }>(
      'SELECT path FROM document_sort_indexes WHERE collection_id = $1',
      [collectionId],
    );
    if (known.some((k) => JSON.stringify(k.path) === JSON.stringify(path))) {
      this.indexed.add(key);
      return;
    }
    if (known.length >= this.perCollection) return;
    const [size] = await this.db.query<{ n: number }>(
      'SELECT count(*) AS n FROM (SELECT 1 FROM documents WHERE collection_id = $1 LIMIT $2) t',
      [collectionId, this.minDocuments],
    );
    if ((size?.n ?? 0) < this.minDocuments) return;
    const name = `documents_sort_${createHash('sha256').update(key).digest('hex').slice(0, 20)}`;
    // Identifiers and literals are quoted by Postgres itself (format %I, %L): DDL takes no parameters.
    const [statement] = await this.db.query<{ ddl: string }>(
      `SELECT format('CREATE INDEX %s IF NOT EXISTS %I ON documents ((content #> %L::text[]), created_on, id) WHERE collection_id = %L',
         $1::text, $2::text, $3::text[]::text, $4::text) AS ddl`,
      [this.db.kind === 'postgres' ? 'CONCURRENTLY' : '', name, path, collectionId],
    );
    try {
      await this.db.exec(statement!.ddl);
    } catch (error) {
      await this.db.exec(`DROP INDEX IF EXISTS ${name}`);
      if ((error as { code?: unknown }).code === '54000') {
        this.unindexable.add(key);
        this.log(`no sort index on content.${path.join('.')}: a value is too large for one`);
        return;
      }
      throw error;
    }
    try {
      await this.db.query(
        `INSERT INTO document_sort_indexes (collection_id, path, index_name, created_on)
         VALUES ($1, $2::text[], $3, now()) ON CONFLICT DO NOTHING`,
        [collectionId, path, name],
      );
    } catch (error) {
      // The collection went while the index was built (foreign key): its index goes too.
      await this.db.exec(`DROP INDEX IF EXISTS ${name}`);
      throw error;
    }
    await this.db.query('ANALYZE documents');
    this.indexed.add(key);
    this.log(`sort index ${name} on collection ${collectionId}, content.${path.join('.')}`);
  }
}

import type { DatasetListParams, QueryResult } from '../../../src/api/contract';
import {
  datasetDecisions,
  datasetLevel,
  datasetOperationWords,
  decideDataset,
  type DatasetLevel,
  type DatasetOperation,
} from '../access/datasets';
import { enforce } from '../access/enforce';
import { listScope, type Actor, type Principal } from '../access/principal';
import { sharingAbilities } from '../access/sharing';
import { recordEvent } from '../audit/record';
import { badRequest, notFound } from '../core/errors';
import type { Principals } from '../people/principals';
import type { Db } from '../store';
import { runPreview } from './preview';
import {
  datasetNotFound,
  datasetSharesFor,
  findDataset,
  listDatasets,
  listPartitions,
  readFilteredRows,
  readRows,
  type DatasetRow,
} from './repository';
import { deletePartition, type Cell } from './store';

/** The most rows one `readRows` answers. */
export const MAX_READ_ROWS = 10_000;

/** A dataset the actor may take an operation on, with what the decision knew. */
export interface OpenedDataset {
  dataset: DatasetRow;
  principal: Principal;
  level: DatasetLevel;
}

/**
 * Datasets: their list, details, rows preview, partitions, and what each user may do with them.
 * Every path to a dataset (routes, exports, streams, calculated fields, workflow steps) opens it
 * here, as its acting user: 404 when they may not see it, 403 naming the level needed.
 */
export class DatasetService {
  constructor(
    private readonly db: Db,
    private readonly principals: Principals,
  ) {}

  /** The dataset, once the actor's level allows `operation`. */
  async open(actor: Actor, id: string, operation: DatasetOperation): Promise<OpenedDataset> {
    const principal = await this.principals.of(actor);
    const dataset = await findDataset(this.db, id);
    const level = dataset
      ? datasetLevel(principal, dataset, await datasetSharesFor(this.db, dataset.id, principal))
      : undefined;
    enforce(
      decideDataset(principal, level, operation),
      () => datasetNotFound(id),
      (needed) =>
        `You need ${needed} access to ${datasetOperationWords[operation]} dataset ${dataset!.name}`,
    );
    return { dataset: dataset!, principal, level: level! };
  }

  async get(actor: Actor, id: string): Promise<DatasetRow> {
    return (await this.open(actor, id, 'read')).dataset;
  }

  /**
   * The actor's level on each of the datasets `ids` they may see (the others are left out, as
   * unknown ids are): what a calculated field's change decision weighs for the datasets it links.
   */
  async levels(actor: Actor, ids: readonly string[]): Promise<Map<string, DatasetLevel>> {
    const principal = await this.principals.of(actor);
    const levels = new Map<string, DatasetLevel>();
    for (const id of new Set(ids)) {
      const dataset = await findDataset(this.db, id);
      if (!dataset) continue;
      const shares = await datasetSharesFor(this.db, dataset.id, principal);
      const level = datasetLevel(principal, dataset, shares);
      if (level) levels.set(id, level);
    }
    return levels;
  }

  async list(actor: Actor, params: DatasetListParams) {
    return listDatasets(this.db, params, listScope(await this.principals.of(actor)));
  }

  /** What the actor may do with the dataset, for the console to disable the rest. */
  async access(actor: Actor, id: string) {
    const { principal, level } = await this.open(actor, id, 'read');
    return {
      level,
      operations: datasetDecisions(principal, level),
      sharing: sharingAbilities(principal, level),
    };
  }

  async preview(actor: Actor, id: string, sql: string): Promise<QueryResult> {
    return runPreview(this.db, await this.get(actor, id), sql);
  }

  /**
   * A page of the dataset's rows, the columns `names` of each in that order: a range of
   * positions, or of the rows matching `filter` (repository.ts `readFilteredRows`). For those who
   * read the rows themselves (an experiment's cases); a name the dataset lacks is a 400.
   */
  async readRows(
    actor: Actor,
    id: string,
    query: {
      names: readonly string[];
      offset: number;
      limit: number;
      filter?: { column: string; operator: 'EQUALS' | 'CONTAINS'; value: string };
    },
  ): Promise<Cell[][]> {
    const dataset = await this.get(actor, id);
    const position = (name: string) => {
      const i = dataset.columns.findIndex((c) => c.name === name);
      if (i < 0) throw badRequest(`the dataset has no column "${name}"`);
      return i;
    };
    const picked = query.names.map(position);
    if (query.limit > MAX_READ_ROWS) throw badRequest(`limit: at most ${MAX_READ_ROWS} rows`);
    const { offset, limit, filter } = query;
    const rows = filter
      ? await readFilteredRows(this.db, dataset.id, limit, offset, {
          index: position(filter.column),
          operator: filter.operator,
          value: filter.value,
        })
      : await readRows(this.db, dataset.id, limit, offset);
    return rows.map((row) => picked.map((i) => row[i] ?? null));
  }

  async partitions(actor: Actor, id: string) {
    return listPartitions(this.db, (await this.get(actor, id)).id);
  }

  async deletePartition(actor: Actor, id: string, partitionId: string) {
    const { dataset } = await this.open(actor, id, 'edit');
    const deleted = await this.db.transaction(async (tx) => {
      const gone = await deletePartition(tx, dataset.id, partitionId);
      if (gone)
        await recordEvent(tx, actor.userId, 'partition.deleted', {
          type: 'partition',
          parent: dataset.id,
          id: `${dataset.id}/${partitionId}`,
          name: `${dataset.name} / ${partitionId}`,
        });
      return gone;
    });
    if (!deleted) throw notFound(`No partition ${partitionId} in dataset ${dataset.id}`);
  }
}

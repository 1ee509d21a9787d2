import { documentsQueryStep } from '../../../../src/api/contract';
import { badRequest } from '../../core/errors';
import { toDocumentV2 } from '../../datastores/mappers';
import { parsePlan, parseSort } from '../../datastores/query/plan';
import { collectionForRun } from './access';
import type { StepKind } from './types';

/**
 * Queries documents as the run's user, who needs READ_CONTENT on the collection; the document
 * service applies the collection's document filters for that user.
 */
export const documentsQuery: StepKind<'documents.query'> = {
  schema: documentsQueryStep,
  resumable: true,
  live: false,
  check(step, at) {
    if (step.orderby === undefined) return;
    try {
      parseSort(step.orderby);
    } catch (error) {
      throw badRequest(`${at('orderby')}: ${(error as Error).message}`);
    }
  },
  async execute(step, ctx) {
    const collectionId = String(ctx.resolve(step.collectionId));
    const filter = ctx.resolve(step.filter ?? {});
    const plan = parsePlan({ orderby: step.orderby, limit: step.limit ?? 100 });
    const collection = await collectionForRun(ctx.deps.db, ctx.userId, collectionId, 'readContent');
    const result = await ctx.documents.query(collection.id, ctx.userId, filter, plan);
    const documents = result.kind === 'documents' ? result.rows.map(toDocumentV2) : result.rows;
    await ctx.log('INFO', `Found ${documents.length} documents in collection ${collection.name}`);
    return { documents, count: documents.length };
  },
};

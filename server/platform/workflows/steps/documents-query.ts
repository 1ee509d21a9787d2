import { documentsQueryStep } from '../../../../src/api/contract';
import { badRequest } from '../../core/errors';
import { toDocumentV2 } from '../../datastores/mappers';
import { parsePlan, parseSort } from '../../datastores/query/plan';
import type { StepKind } from './types';

/**
 * Queries documents as the run's user through the documents service, which needs READ_CONTENT
 * on the collection and applies the collection's document filters for that user.
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
    const { services } = ctx;
    const result = await services.documents.query(ctx.actor, collectionId, filter, plan);
    const collection = await services.datastores.getCollection(ctx.actor, collectionId);
    const documents = result.kind === 'documents' ? result.rows.map(toDocumentV2) : result.rows;
    await ctx.log('INFO', `Found ${documents.length} documents in collection ${collection.name}`);
    return { documents, count: documents.length };
  },
};

import { documentsCreateStep } from '../../../../src/api/contract';
import { toDocumentV2 } from '../../datastores/mappers';
import { collectionForRun } from './access';
import type { StepKind } from './types';

/** Creates one document as the run's user, who needs CREATE_CONTENT on the collection. */
export const documentsCreate: StepKind<'documents.create'> = {
  schema: documentsCreateStep,
  resumable: false,
  live: false,
  async execute(step, ctx) {
    const collectionId = String(ctx.resolve(step.collectionId));
    const content = ctx.resolve(step.document);
    const collection = await collectionForRun(
      ctx.deps.db,
      ctx.userId,
      collectionId,
      'createContent',
    );
    const row = await ctx.documents.createOne(collection.id, ctx.userId, content);
    await ctx.log('INFO', `Created document ${row.id} in collection ${collection.name}`);
    return toDocumentV2(row);
  },
};

import { documentsCreateStep } from '../../../../src/api/contract';
import { toDocumentV2 } from '../../datastores/mappers';
import type { StepKind } from './types';

/**
 * Creates one document as the run's user, who needs CREATE_CONTENT on the collection (the
 * documents service decides). Not resumable: a step stopped in its middle fails the run rather
 * than create the document twice.
 */
export const documentsCreate: StepKind<'documents.create'> = {
  schema: documentsCreateStep,
  resumable: false,
  live: false,
  async execute(step, ctx) {
    const collectionId = String(ctx.resolve(step.collectionId));
    const content = ctx.resolve(step.document);
    const { documents, datastores } = ctx.services;
    const row = await documents.createOne(ctx.actor, collectionId, content);
    const collection = await datastores.getCollection(ctx.actor, collectionId);
    await ctx.log('INFO', `Created document ${row.id} in collection ${collection.name}`);
    return toDocumentV2(row);
  },
};

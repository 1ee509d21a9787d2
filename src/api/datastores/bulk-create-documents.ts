import { z } from 'zod';
import { bulkCreateBody, bulkCreated } from '../contract/datastores';
import { path, request } from '../http';

export const bulkCreateDocumentsInput = z.object({
  collectionId: z.string().min(1),
  documents: bulkCreateBody,
});
export type BulkCreateDocumentsInput = z.infer<typeof bulkCreateDocumentsInput>;

/**
 * gaps.md bulk create: `POST .../documents/bulk` with `[{content}]` answers `{Created: n}`.
 * A plain function: an import sends many of these in a row and invalidates once at the end
 * (`invalidateDocuments`), so there is no hook per call.
 */
export const bulkCreateDocuments = ({ collectionId, documents }: BulkCreateDocumentsInput) =>
  request({
    method: 'POST',
    path: path`/api/datastores/v2/collections/${collectionId}/documents/bulk`,
    body: documents,
    schema: bulkCreated,
  });

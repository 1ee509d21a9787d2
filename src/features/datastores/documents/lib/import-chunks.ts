import type { JsonObject } from '../../../../api/contract';

/** Documents per bulk create call. */
export const CHUNK_DOCUMENTS = 1_000;
/** Bytes per call, well under the 10 MB the gateway and the platform accept. */
export const CHUNK_BYTES = 4 * 1024 * 1024;

/** Consecutive chunks of at most CHUNK_DOCUMENTS documents and about CHUNK_BYTES of JSON. */
export function importChunks(
  documents: JsonObject[],
  maxDocuments = CHUNK_DOCUMENTS,
  maxBytes = CHUNK_BYTES,
): JsonObject[][] {
  const chunks: JsonObject[][] = [];
  let chunk: JsonObject[] = [];
  let bytes = 0;
  for (const content of documents) {
    const size = JSON.stringify(content).length + 14;
    if (chunk.length > 0 && (chunk.length >= maxDocuments || bytes + size > maxBytes)) {
      chunks.push(chunk);
      chunk = [];
      bytes = 0;
    }
    chunk.push(content);
    bytes += size;
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}

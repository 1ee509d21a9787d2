-- Bulk creates written in pieces that no reader sees (datastores/staged-create.ts): a staged
-- document carries its batch's id, and readers skip documents whose batch is still listed here
-- (VISIBLE_DOCUMENT in datastores/documents.ts). Publishing deletes the batch's row, in one short
-- statement, whatever its size; a failed or abandoned batch is 'discarded' until its documents
-- are swept. `created_from` bounds the batch's creation times, so the sweep finds its documents
-- through documents_collection_created without an index of its own.
ALTER TABLE documents ADD COLUMN batch_id text;
CREATE TABLE document_batches (
  id text PRIMARY KEY,
  collection_id text NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
  state text NOT NULL CHECK (state IN ('staging', 'discarded')),
  created_from timestamptz NOT NULL,
  document_count integer NOT NULL,
  touched_at timestamptz NOT NULL
);
-- PGlite has no autovacuum: new GIN entries wait in a pending list that the insert or update
-- which overflows it merges, in that one statement. At the default 4 MB that statement held
-- every reader for seconds during a bulk; 256 kB keeps each merge short.
ALTER INDEX documents_content SET (gin_pending_list_limit = 256);

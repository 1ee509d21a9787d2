-- Document store. Collection names are unique within a datastore (a choice:
-- docs/platform-gaps.md), and documents can be paged by their update time too.
CREATE UNIQUE INDEX collections_datastore_name ON collections (datastore_id, name);
CREATE INDEX documents_collection_updated ON documents (collection_id, updated_on, id);

-- Sort indexes made on demand: a large collection ordered by a content field gets a partial
-- expression index on that field (datastores/upkeep.ts), so its first page needs no full sort.
CREATE TABLE document_sort_indexes (
  collection_id text NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
  path text[] NOT NULL,
  index_name text NOT NULL UNIQUE,
  created_on timestamptz NOT NULL,
  PRIMARY KEY (collection_id, path)
);

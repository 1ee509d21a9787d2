-- Per-user and per-group permissions on a collection (the public AppDB model:
-- PUT .../collections/{id}/permission/{USER|GROUP}/{id}?permissions=read,read_content).
CREATE TABLE collection_permissions (
  collection_id text NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
  principal_type text NOT NULL CHECK (principal_type IN ('USER', 'GROUP')),
  principal_id integer NOT NULL,
  permissions text[] NOT NULL,
  PRIMARY KEY (collection_id, principal_type, principal_id)
);
CREATE INDEX collection_permissions_principal ON collection_permissions (principal_type, principal_id);

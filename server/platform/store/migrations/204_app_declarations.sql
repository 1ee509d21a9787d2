-- Who declared an app through the Apps API: its datastore and collections are theirs, and they see
-- its recent calls. A manifest file has no declaring user (docs/platform-gaps.md, custom apps).
ALTER TABLE apps ADD COLUMN declared_by integer REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE apps ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

-- Bumped in the transaction of every write of a manifest: each process keeps the manifests in
-- memory and reads them again when this differs from the version it holds. One row, so writers
-- take its lock in turn and a version is seen only once its write has committed.
CREATE TABLE app_manifests_version (
  single boolean PRIMARY KEY DEFAULT true CHECK (single),
  version bigint NOT NULL
);
INSERT INTO app_manifests_version (single, version) VALUES (true, 0);

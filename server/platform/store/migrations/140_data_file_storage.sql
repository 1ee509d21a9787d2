-- Uploads stream to disk (DATA_DIR/data-files) instead of a bytea held in memory; rows
-- written before keep their bytes in `body`.
ALTER TABLE data_file_revisions ALTER COLUMN body DROP NOT NULL;
ALTER TABLE data_file_revisions ADD COLUMN stored_path text;

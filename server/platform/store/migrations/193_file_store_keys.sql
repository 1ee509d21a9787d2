-- File bytes live in the file store (DATA_DIR on the local disk, or an S3 bucket that
-- every platform process reaches), named by a key. A data-file revision's absolute path becomes
-- its key: its file stays where it is (DATA_DIR/data-files/<name>), and `stored_path` is no
-- longer read. A fileset file uploaded from now on keeps its bytes in the store; rows written
-- before (the sample data among them) keep theirs in `body`. The search text stays in the row.
ALTER TABLE data_file_revisions ADD COLUMN stored_key text;
UPDATE data_file_revisions
  SET stored_key = 'data-files/' || regexp_replace(stored_path, '^.*[/\\]', '')
  WHERE stored_path IS NOT NULL;
ALTER TABLE fileset_files ADD COLUMN stored_key text;
ALTER TABLE fileset_files ALTER COLUMN body DROP NOT NULL;

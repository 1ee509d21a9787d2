-- Query Files (4.7) searches a tsvector the database maintains from the file's path and
-- text (path words weigh more), so an upload needs no search code of its own. Only the first
-- 200,000 characters of a file are indexed: a tsvector holds at most 1 MB, and text of unique
-- tokens (a CSV of uuids) makes a vector ~3 times its length.
DROP INDEX IF EXISTS fileset_files_search;
ALTER TABLE fileset_files DROP COLUMN search;
ALTER TABLE fileset_files ADD COLUMN search tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english'::regconfig, translate(path, '/._-', '    ')), 'A') ||
  setweight(to_tsvector('english'::regconfig, coalesce(left(text_content, 200000), '')), 'B')
) STORED;
CREATE INDEX fileset_files_search ON fileset_files USING gin (search);
-- Files are listed in byte order of their path, whatever the server's default collation.
CREATE INDEX fileset_files_by_path ON fileset_files (fileset_id, (path COLLATE "C"));

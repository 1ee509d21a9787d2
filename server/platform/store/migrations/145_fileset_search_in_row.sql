-- Query Files (4.7) ranks every matching file with `ts_rank` on its search vector, and
-- a common word matches every file. Stored out of line (TOAST), each vector is fetched chunk by
-- chunk for that, which cost more than the rank itself; stored MAIN, a vector stays in the row
-- while the row fits in a page (text up to some 8 KB), and only larger ones go out of line. The
-- column is made again, with SET STORAGE in the same statement, so that the rewrite that fills
-- it already keeps the vectors in their rows. Same expression as migration 100.
ALTER TABLE fileset_files DROP COLUMN search;
ALTER TABLE fileset_files
  ADD COLUMN search tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english'::regconfig, translate(path, '/._-', '    ')), 'A') ||
    setweight(to_tsvector('english'::regconfig, coalesce(left(text_content, 200000), '')), 'B')
  ) STORED,
  ALTER COLUMN search SET STORAGE MAIN;
CREATE INDEX fileset_files_search ON fileset_files USING gin (search);

-- A fileset's file count, which every read of the fileset (and so every Query Files) needs.
-- Counted at each read, it is a scan of the whole table (a page a file, as search vectors sit in
-- the row); so the count is kept in the fileset's row by statement triggers on its files,
-- whichever statement adds or removes them (uploads, the seed, bulk SQL), and read for free.
ALTER TABLE filesets ADD COLUMN file_count integer NOT NULL DEFAULT 0;
UPDATE filesets f SET file_count = (SELECT count(*) FROM fileset_files ff WHERE ff.fileset_id = f.id);

CREATE FUNCTION fileset_files_added() RETURNS trigger LANGUAGE plpgsql
SET search_path FROM CURRENT AS $$
BEGIN
  UPDATE filesets f SET file_count = f.file_count + added.n
  FROM (SELECT fileset_id, count(*)::int AS n FROM added_files GROUP BY fileset_id) AS added
  WHERE f.id = added.fileset_id;
  RETURN NULL;
END $$;

CREATE FUNCTION fileset_files_removed() RETURNS trigger LANGUAGE plpgsql
SET search_path FROM CURRENT AS $$
BEGIN
  UPDATE filesets f SET file_count = f.file_count - removed.n
  FROM (SELECT fileset_id, count(*)::int AS n FROM removed_files GROUP BY fileset_id) AS removed
  WHERE f.id = removed.fileset_id;
  RETURN NULL;
END $$;

CREATE TRIGGER fileset_files_added AFTER INSERT ON fileset_files
  REFERENCING NEW TABLE AS added_files FOR EACH STATEMENT EXECUTE FUNCTION fileset_files_added();
CREATE TRIGGER fileset_files_removed AFTER DELETE ON fileset_files
  REFERENCING OLD TABLE AS removed_files FOR EACH STATEMENT EXECUTE FUNCTION fileset_files_removed();

-- Query Files ranks every match, and a common word matches every file of a fileset.
-- Read from the file's row, each match cost a page (a 5 KB text makes a 4.7 KB search vector,
-- one row a page), and at PGlite's 16 MB of buffers a fileset of 10,000 files was read through
-- its file system at every such query. `fileset_search_terms` holds each file's search vector
-- cut in eight by a hash of the lexeme, each eighth a row of its own partition (some ten files
-- to a page). A query whose lexemes all fall in one piece reads only that partition; others
-- read the whole vectors as before (filesets/search.ts). A piece is the file's vector less the
-- other pieces' lexemes (`ts_delete` keeps every position and weight), so `ts_rank` over it
-- equals `ts_rank` over the whole vector but for the length normalisation, which reads
-- `search_length`: the whole vector's length as ts_rank counts it (positions, or 1 without).
CREATE TABLE fileset_search_terms (
  bucket smallint NOT NULL,
  file_id text NOT NULL,
  fileset_id text NOT NULL,
  path text NOT NULL,
  search_length integer NOT NULL,
  lexemes tsvector NOT NULL
) PARTITION BY LIST (bucket);
CREATE TABLE fileset_search_terms_0 PARTITION OF fileset_search_terms FOR VALUES IN (0);
CREATE TABLE fileset_search_terms_1 PARTITION OF fileset_search_terms FOR VALUES IN (1);
CREATE TABLE fileset_search_terms_2 PARTITION OF fileset_search_terms FOR VALUES IN (2);
CREATE TABLE fileset_search_terms_3 PARTITION OF fileset_search_terms FOR VALUES IN (3);
CREATE TABLE fileset_search_terms_4 PARTITION OF fileset_search_terms FOR VALUES IN (4);
CREATE TABLE fileset_search_terms_5 PARTITION OF fileset_search_terms FOR VALUES IN (5);
CREATE TABLE fileset_search_terms_6 PARTITION OF fileset_search_terms FOR VALUES IN (6);
CREATE TABLE fileset_search_terms_7 PARTITION OF fileset_search_terms FOR VALUES IN (7);
-- Every query reads the whole pending list of an index it uses (4 MB by default): kept short.
CREATE INDEX fileset_search_terms_lexemes ON fileset_search_terms USING gin (lexemes)
  WITH (gin_pending_list_limit = 256);
CREATE INDEX fileset_search_terms_file ON fileset_search_terms (file_id);

-- A lexeme's piece: the same on PGlite and PostgreSQL (hashtext of the lexeme's bytes).
CREATE FUNCTION fileset_search_bucket(lexeme text) RETURNS smallint
LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURN (hashtext(lexeme) & 7)::smallint;

-- A search vector's pieces: each piece is the vector less the lexemes of the other pieces, and
-- carries the whole vector's length (ts_rank's count).
CREATE FUNCTION fileset_search_pieces(search tsvector)
RETURNS TABLE (bucket smallint, search_length integer, lexemes tsvector)
LANGUAGE sql IMMUTABLE PARALLEL SAFE
SET search_path FROM CURRENT AS $$
  SELECT piece.bucket, counted.length, ts_delete(search, CASE piece.bucket
      WHEN 0 THEN counted.o0 WHEN 1 THEN counted.o1 WHEN 2 THEN counted.o2 WHEN 3 THEN counted.o3
      WHEN 4 THEN counted.o4 WHEN 5 THEN counted.o5 WHEN 6 THEN counted.o6 ELSE counted.o7 END)
  FROM (
    SELECT sum(greatest(coalesce(cardinality(e.positions), 0), 1))::int AS length,
      array_agg(DISTINCT e.bucket) AS buckets,
      coalesce(array_agg(e.lexeme) FILTER (WHERE e.bucket <> 0), '{}') AS o0,
      coalesce(array_agg(e.lexeme) FILTER (WHERE e.bucket <> 1), '{}') AS o1,
      coalesce(array_agg(e.lexeme) FILTER (WHERE e.bucket <> 2), '{}') AS o2,
      coalesce(array_agg(e.lexeme) FILTER (WHERE e.bucket <> 3), '{}') AS o3,
      coalesce(array_agg(e.lexeme) FILTER (WHERE e.bucket <> 4), '{}') AS o4,
      coalesce(array_agg(e.lexeme) FILTER (WHERE e.bucket <> 5), '{}') AS o5,
      coalesce(array_agg(e.lexeme) FILTER (WHERE e.bucket <> 6), '{}') AS o6,
      coalesce(array_agg(e.lexeme) FILTER (WHERE e.bucket <> 7), '{}') AS o7
    FROM (SELECT u.lexeme, u.positions, fileset_search_bucket(u.lexeme) AS bucket
          FROM unnest(search) AS u) AS e
  ) AS counted,
  unnest(counted.buckets) AS piece(bucket)
$$;

CREATE FUNCTION fileset_search_added() RETURNS trigger LANGUAGE plpgsql
SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO fileset_search_terms (bucket, file_id, fileset_id, path, search_length, lexemes)
  SELECT p.bucket, f.id, f.fileset_id, f.path, p.search_length, p.lexemes
  FROM added_files f, fileset_search_pieces(f.search) p;
  RETURN NULL;
END $$;

CREATE FUNCTION fileset_search_removed() RETURNS trigger LANGUAGE plpgsql
SET search_path FROM CURRENT AS $$
BEGIN
  DELETE FROM fileset_search_terms t USING removed_files f WHERE t.file_id = f.id;
  RETURN NULL;
END $$;

CREATE TRIGGER fileset_search_added AFTER INSERT ON fileset_files
  REFERENCING NEW TABLE AS added_files FOR EACH STATEMENT EXECUTE FUNCTION fileset_search_added();
CREATE TRIGGER fileset_search_removed AFTER DELETE ON fileset_files
  REFERENCING OLD TABLE AS removed_files FOR EACH STATEMENT EXECUTE FUNCTION fileset_search_removed();

INSERT INTO fileset_search_terms (bucket, file_id, fileset_id, path, search_length, lexemes)
SELECT p.bucket, f.id, f.fileset_id, f.path, p.search_length, p.lexemes
FROM fileset_files f, fileset_search_pieces(f.search) p;
ANALYZE fileset_search_terms;

-- A search query's lexemes (tsquery's text quotes each one, doubling ' and \ within).
CREATE FUNCTION fileset_search_lexemes(query tsquery) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT replace(replace(m[1], '''''', ''''), '\\', '\')), '{}')
  FROM regexp_matches(query::text, '''((?:[^'']|'''')*)''', 'g') AS m
$$;

-- Issue 26: a file's extracted text is kept out of line and uncompressed. Query Files reads
-- slices of it for every match it shows (where each query word first occurs, then the snippet's
-- window, filesets/search.ts): a slice of an uncompressed value reads only the chunks that hold
-- it, where a compressed one is fetched and decompressed up to the slice each time. Measured on
-- the filesets bench (10,000 files, 54 MB of text, PGlite, 16 MB of buffers, in process, both
-- layouts side by side): common word topK 100 43.2 -> 40.2 ms p50, two words 28.6 -> 25.2, for
-- 10% more disk (170 -> 187 MB). Files stored before keep their compressed text until replaced.
ALTER TABLE fileset_files ALTER COLUMN text_content SET STORAGE EXTERNAL;

-- A file's extracted text is kept out of line and uncompressed. Query Files reads
-- slices of it for every match it shows (where each query word first occurs, then the snippet's
-- window, filesets/search.ts): a slice of an uncompressed value reads only the chunks that hold
-- it, where a compressed one is fetched and decompressed up to the slice each time. That makes
-- each query faster (`npm run bench -- filesets`) for some 10% more disk. Files stored before
-- keep their compressed text until replaced.
ALTER TABLE fileset_files ALTER COLUMN text_content SET STORAGE EXTERNAL;

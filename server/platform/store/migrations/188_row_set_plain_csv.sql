-- A row set whose cells the engine's own CSV writer (COPY ... TO STDOUT WITH CSV)
-- writes exactly as the export's writer does (no text with a line break, a byte-order mark, a
-- space at either end or a leading "\.", no number JavaScript writes with an exponent). Set by
-- the stream run that stages the set, which sees every cell; false (the JavaScript writer) for
-- every other set. Metadata only: the rows themselves are stored as before.
ALTER TABLE dataset_row_sets ADD COLUMN plain_csv boolean NOT NULL DEFAULT false;

-- A dataset's rows are kept in row sets. A stream run writes its rows as a new set
-- out of sight, a small statement at a time, and one short transaction then makes it the live set
-- of the dataset (or of its partition) and retires the one before; retired rows are deleted
-- afterwards, a few thousand at a time. No run holds the database for longer than one small
-- statement, and readers, who read live sets only, never see half a run.
-- In dataset_rows, partition_id holds the set's `storage` key. Rows from before this migration
-- are their partition's live set, under their own partition id.
CREATE TABLE dataset_row_sets (
  dataset_id text NOT NULL REFERENCES datasets (id) ON DELETE CASCADE,
  storage text NOT NULL,
  partition_id text NOT NULL,
  row_count integer NOT NULL DEFAULT 0,
  state text NOT NULL CHECK (state IN ('staging', 'live', 'retired')),
  -- A staging set's writer: the set is swept once that job is no longer queued or running.
  job_id text,
  changed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (dataset_id, storage)
);
CREATE UNIQUE INDEX dataset_row_sets_live ON dataset_row_sets (dataset_id, partition_id) WHERE state = 'live';
CREATE INDEX dataset_row_sets_sweep ON dataset_row_sets (changed_at) WHERE state <> 'live';
INSERT INTO dataset_row_sets (dataset_id, storage, partition_id, row_count, state)
SELECT dataset_id, partition_id, partition_id, count(*), 'live'
FROM dataset_rows GROUP BY dataset_id, partition_id;

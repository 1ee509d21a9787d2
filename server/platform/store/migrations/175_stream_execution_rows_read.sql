-- A running stream's progress: the rows read from its source so far, written while the
-- execution is ACTIVE (rows_inserted is written when it ends). Null until the source is read.
ALTER TABLE stream_executions ADD COLUMN rows_read integer;

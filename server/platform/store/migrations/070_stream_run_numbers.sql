-- A stream's runs are numbered per stream (the first run of a new stream is Run 1),
-- not by the execution's id, which counts the runs of every stream.
ALTER TABLE stream_executions ADD COLUMN run_number integer;
UPDATE stream_executions e SET run_number = n.run_number
FROM (SELECT id, row_number() OVER (PARTITION BY stream_id ORDER BY id) AS run_number FROM stream_executions) n
WHERE n.id = e.id;

-- A run's number ("Run #12") is stored when the run is inserted, taken from a counter on
-- its workflow that the insert moves on (the workflow's row locked until the start commits, so
-- starts on several processes number in turn), instead of counted on every read: the count of
-- the workflow's earlier runs grows with them, and a page of the runs list would count once a
-- row. Existing runs keep the numbers they were shown (by start, then id).
ALTER TABLE workflows ADD COLUMN runs_started integer NOT NULL DEFAULT 0;
ALTER TABLE workflow_runs ADD COLUMN number integer;
UPDATE workflow_runs r SET number = x.n
  FROM (SELECT id, row_number() OVER (PARTITION BY workflow_id ORDER BY started_at, id) AS n
        FROM workflow_runs) x
  WHERE x.id = r.id;
ALTER TABLE workflow_runs ALTER COLUMN number SET NOT NULL;
CREATE UNIQUE INDEX workflow_runs_number ON workflow_runs (workflow_id, number);
UPDATE workflows w
  SET runs_started = coalesce((SELECT max(number) FROM workflow_runs r WHERE r.workflow_id = w.id), 0);

-- A runner for workflow runs. A run keeps the definition it started with, its steps'
-- states and outputs (so a resumed run continues), who started it, and a cancel request.
ALTER TABLE workflow_runs ADD COLUMN definition jsonb;
ALTER TABLE workflow_runs ADD COLUMN started_by integer;
ALTER TABLE workflow_runs ADD COLUMN steps jsonb NOT NULL DEFAULT '[]';
ALTER TABLE workflow_runs ADD COLUMN next_step integer NOT NULL DEFAULT 0;
ALTER TABLE workflow_runs ADD COLUMN log_seq integer NOT NULL DEFAULT 0;
ALTER TABLE workflow_runs ADD COLUMN resumes integer NOT NULL DEFAULT 0;
ALTER TABLE workflow_runs ADD COLUMN cancel_requested_by integer;
UPDATE workflow_runs r SET log_seq = coalesce((SELECT max(seq) FROM workflow_run_logs l WHERE l.run_id = r.id), 0);
CREATE INDEX workflow_runs_started ON workflow_runs (started_at DESC, id);
CREATE INDEX workflow_runs_status ON workflow_runs (status) WHERE status IN ('QUEUED', 'IN_PROGRESS');

-- Durable jobs: claimed with FOR UPDATE SKIP LOCKED under a lease (exports now; workflow runs later)
CREATE TABLE jobs (
  id text PRIMARY KEY,
  kind text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'succeeded', 'failed')),
  lease_owner text,
  lease_until timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX jobs_claimable ON jobs (kind, created_at) WHERE status = 'queued';
CREATE INDEX jobs_leased ON jobs (lease_until) WHERE status = 'running';

-- Rule 4.6a.1 in the database: at most one running export per dataset.
CREATE UNIQUE INDEX exports_one_running ON exports (dataset_id) WHERE export_status = 'running';
CREATE INDEX exports_unchanged ON exports (dataset_id, request_fingerprint, data_version) WHERE export_status = 'success';

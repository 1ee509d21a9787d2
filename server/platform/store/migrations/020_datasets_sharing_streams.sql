-- Datasets, sharing, streams. The outbox is read per dataset (`GET /api/data/v3/outbox`),
-- executions per stream, and the stream scheduler looks for due streams.

ALTER TABLE outbox ADD COLUMN dataset_id text;
ALTER TABLE outbox ADD COLUMN recipient_user_id integer;
CREATE INDEX outbox_dataset ON outbox (dataset_id, created_at);

ALTER TABLE dataset_permissions ADD COLUMN granted_at timestamptz NOT NULL DEFAULT now();

CREATE INDEX stream_executions_stream ON stream_executions (stream_id, id);
CREATE INDEX streams_next_run ON streams (next_run_at);
CREATE INDEX streams_dataset ON streams (dataset_id);
CREATE UNIQUE INDEX stream_executions_one_active ON stream_executions (stream_id) WHERE state = 'ACTIVE';

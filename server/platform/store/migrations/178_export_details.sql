-- An export's page says who started it and what it asked for; the dashboard reads
-- every dataset's exports in one request, newest first (keyset on started, export_id).
ALTER TABLE exports ADD COLUMN started_by integer;
ALTER TABLE exports ADD COLUMN query_request jsonb;
CREATE INDEX exports_newest ON exports (started DESC, export_id DESC);

-- Text generation: models come from configuration, not from a table; every request of
-- a session is kept, in order.
DROP TABLE IF EXISTS generation_models;
CREATE TABLE generation_runs (
  session_id text NOT NULL,
  seq integer NOT NULL,
  user_id integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  model_id text NOT NULL,
  duration_ms integer NOT NULL,
  request jsonb NOT NULL,
  response jsonb NOT NULL,
  PRIMARY KEY (session_id, seq)
);
CREATE INDEX generation_runs_user ON generation_runs (user_id, created_at DESC);

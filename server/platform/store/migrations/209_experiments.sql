-- Prompt experiments (experiments/service.ts): one prompt over a dataset's rows, up to four
-- variants side by side. The settings are the create body as given; the cases are the rows read
-- when it was created, so a run (or a run resumed after a restart) never reads the dataset again.
CREATE TABLE experiments (
  id text PRIMARY KEY,
  name text NOT NULL,
  prompt_name text NOT NULL,
  state text NOT NULL CHECK (state IN ('QUEUED', 'RUNNING', 'SUCCESS', 'FAILED', 'CANCELLED')),
  owner integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  dataset_id text NOT NULL,
  dataset_name text NOT NULL,
  cases jsonb NOT NULL,
  mapping jsonb NOT NULL,
  expected_column text,
  variants jsonb NOT NULL,
  scorers jsonb NOT NULL,
  concurrency integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  error text,
  -- The per-variant summary and progress once the run has ended (null while it runs: then they
  -- are counted from the cells), so a list of many experiments reads no cell.
  summary jsonb,
  progress jsonb
);
CREATE INDEX experiments_owner ON experiments (owner, created_at DESC);
CREATE INDEX experiments_created ON experiments (created_at DESC);

CREATE TABLE experiment_cases (
  experiment_id text NOT NULL REFERENCES experiments (id) ON DELETE CASCADE,
  case_index integer NOT NULL,
  -- placeholder → the mapped column's value, as text
  inputs jsonb NOT NULL,
  expected text,
  PRIMARY KEY (experiment_id, case_index)
);

CREATE TABLE experiment_cells (
  experiment_id text NOT NULL REFERENCES experiments (id) ON DELETE CASCADE,
  case_index integer NOT NULL,
  variant integer NOT NULL,
  state text NOT NULL CHECK (state IN ('PENDING', 'RUNNING', 'DONE', 'FAILED', 'CANCELLED')),
  output text,
  truncated boolean NOT NULL DEFAULT false,
  error text,
  -- One score (0..1) and its reason per scorer, in the experiment's scorer order.
  scores double precision[] NOT NULL DEFAULT '{}',
  score_reasons text[] NOT NULL DEFAULT '{}',
  input_tokens integer,
  output_tokens integer,
  latency_ms integer,
  attempts integer NOT NULL DEFAULT 0,
  finished_at timestamptz,
  PRIMARY KEY (experiment_id, case_index, variant)
);
CREATE INDEX experiment_cells_state ON experiment_cells (experiment_id, state);

-- Custom apps. A manifest comes from DATA_DIR/apps/<id>/manifest.json or from the Apps
-- API (`manifest` set here); the app's datastore is created on its first call and remembered.
CREATE TABLE apps (
  id text PRIMARY KEY,
  manifest jsonb,
  datastore_id text REFERENCES datastores (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

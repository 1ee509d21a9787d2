-- Every token belongs to a user. Developer tokens minted for a user (and the access
-- tokens of the workflows area) are stored only as a SHA-256 hash.
CREATE TABLE access_tokens (
  id text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  kind text NOT NULL DEFAULT 'developer',
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz,
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX access_tokens_user ON access_tokens (user_id, created_at);
CREATE INDEX dataset_permissions_principal ON dataset_permissions (principal_type, principal_id);

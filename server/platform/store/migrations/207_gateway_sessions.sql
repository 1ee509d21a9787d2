-- The console's team mode (CONSOLE_AUTH=platform|oidc): the gateway's sessions, kept in the
-- store every gateway process shares, so that a sign-out ends a session on all of them at once.
-- The session id is the browser's cookie; only its sha256 is kept, and the person's platform
-- credentials are sealed with a key derived from the cookie, so a copy of the store opens none.
CREATE TABLE gateway_sessions (
  id_hash text PRIMARY KEY,
  person_name text NOT NULL,
  person_email text NOT NULL,
  person_user_id integer,
  sealed_credentials text,
  platform_session text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX gateway_sessions_email ON gateway_sessions (lower(person_email));

-- Failed sign-ins per account and per client address: slowed, then refused for a while.
CREATE TABLE gateway_sign_in_failures (
  key text PRIMARY KEY,
  failures integer NOT NULL,
  first_at timestamptz NOT NULL,
  locked_until timestamptz
);

-- An OpenID Connect sign-in between the redirect to the provider and its return: the PKCE
-- verifier and the nonce, found by the state's hash. Any gateway process may take the return.
CREATE TABLE gateway_oidc_logins (
  state_hash text PRIMARY KEY,
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  next_path text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A disabled person signs in nowhere and every token of theirs answers 401 (people/security.ts);
-- NULL is enabled.
ALTER TABLE users ADD COLUMN disabled_at timestamptz;

-- The two tokens of one console sign-in (people/console-sessions.ts) share its id: signing out
-- revokes both, and a change of the person's role revokes every token that has one.
ALTER TABLE access_tokens ADD COLUMN session_id text;
CREATE INDEX access_tokens_session ON access_tokens (session_id) WHERE session_id IS NOT NULL;

-- The activity log. One row per change, written in the transaction that makes it, so a
-- rolled-back change leaves none. Read newest first by keyset (occurred_at, id); each filter of
-- GET /api/audit/v1/events has an index that also serves that order, and text is searched
-- through a tsvector the database keeps from the action, the object's name and id, the actor's name.
CREATE TABLE audit_events (
  id bigserial PRIMARY KEY,
  occurred_at timestamptz NOT NULL DEFAULT now(),
  actor_id int,
  actor_name text NOT NULL DEFAULT '',
  token_kind text NOT NULL,
  action text NOT NULL,
  object_type text NOT NULL,
  object_id text NOT NULL,
  object_name text NOT NULL DEFAULT '',
  -- What the object lives in, for a link to it: a collection's datastore, a partition's dataset.
  object_parent text,
  changes jsonb NOT NULL DEFAULT '{}',
  trace_id text,
  client_address text,
  search tsvector GENERATED ALWAYS AS (
    to_tsvector('simple'::regconfig,
      translate(action || ' ' || object_type || ' ' || object_id || ' ' || object_name || ' ' || actor_name,
        '/._-:', '     '))
  ) STORED
);
CREATE INDEX audit_events_newest ON audit_events (occurred_at DESC, id DESC);
CREATE INDEX audit_events_by_actor ON audit_events (actor_id, occurred_at DESC, id DESC);
CREATE INDEX audit_events_by_action ON audit_events (action, occurred_at DESC, id DESC);
CREATE INDEX audit_events_by_object ON audit_events (object_type, object_id, occurred_at DESC, id DESC);
CREATE INDEX audit_events_search ON audit_events USING gin (search);

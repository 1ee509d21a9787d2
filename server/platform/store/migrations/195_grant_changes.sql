-- Each platform process keeps the grants its users hold in memory (access/grant-cache.ts)
-- and forgets them when the database says they changed: any statement that can change what a user
-- holds (a role's grants, a grant given directly, a user's role, a user added or removed) sends a
-- NOTIFY on `platform_grants` with the table's schema, from the database itself, so a write by any
-- path (a service, a test's raw SQL, psql) is heard. NOTIFY is sent on commit, never on rollback.
CREATE FUNCTION grants_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('platform_grants', TG_TABLE_SCHEMA);
  RETURN NULL;
END $$;

CREATE TRIGGER role_grants_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON role_grants
  FOR EACH STATEMENT EXECUTE FUNCTION grants_changed();
CREATE TRIGGER user_grants_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_grants
  FOR EACH STATEMENT EXECUTE FUNCTION grants_changed();
CREATE TRIGGER users_role_changed AFTER INSERT OR UPDATE OF id, role OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION grants_changed();

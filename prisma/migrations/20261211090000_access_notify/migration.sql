-- Web processes keep who a token belongs to for a short while (a lookup per request costs a round
-- trip to Postgres). Any change that could make that stale tells them to forget it at once: a
-- token revoked or deleted, a user's role or email changed, a user removed. (`last_used_at`
-- updates are not in the column list: they change nothing a cache holds.)
CREATE FUNCTION frontier_access_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('frontier_access_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;

CREATE TRIGGER api_token_access_changed AFTER UPDATE OF revoked_at, user_id, hash OR DELETE ON "api_token"
  FOR EACH STATEMENT EXECUTE FUNCTION frontier_access_changed();
CREATE TRIGGER app_user_access_changed AFTER UPDATE OF role, email OR DELETE ON "app_user"
  FOR EACH STATEMENT EXECUTE FUNCTION frontier_access_changed();

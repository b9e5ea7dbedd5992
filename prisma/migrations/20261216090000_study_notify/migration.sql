-- Web processes keep each study's version (server/versioned-cache.ts) instead of asking for it on
-- every request. Any change to what the version is made of (a study's data_version, updated_at,
-- its checkpoints) tells them to forget them all at once.
CREATE FUNCTION frontier_study_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('frontier_study_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;

CREATE TRIGGER study_version_changed AFTER INSERT OR UPDATE OR DELETE ON "study"
  FOR EACH STATEMENT EXECUTE FUNCTION frontier_study_changed();
CREATE TRIGGER checkpoint_version_changed AFTER INSERT OR UPDATE OR DELETE ON "checkpoint"
  FOR EACH STATEMENT EXECUTE FUNCTION frontier_study_changed();

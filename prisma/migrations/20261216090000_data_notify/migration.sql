-- Web processes remember reads until the tables they come from change (@frontier/db
-- notify/change-cache.ts): each study's version, the samples pages of the drill-down, a study's
-- jobs. Every statement that changes one of these tables tells them which one, at its commit.
CREATE FUNCTION frontier_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('frontier_data_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;

CREATE TRIGGER study_data_changed AFTER INSERT OR UPDATE OR DELETE ON "study"
  FOR EACH STATEMENT EXECUTE FUNCTION frontier_data_changed();
CREATE TRIGGER checkpoint_data_changed AFTER INSERT OR UPDATE OR DELETE ON "checkpoint"
  FOR EACH STATEMENT EXECUTE FUNCTION frontier_data_changed();
CREATE TRIGGER eval_run_data_changed AFTER INSERT OR UPDATE OR DELETE ON "eval_run"
  FOR EACH STATEMENT EXECUTE FUNCTION frontier_data_changed();
CREATE TRIGGER sample_data_changed AFTER INSERT OR UPDATE OR DELETE ON "sample"
  FOR EACH STATEMENT EXECUTE FUNCTION frontier_data_changed();
CREATE TRIGGER pipeline_job_data_changed AFTER INSERT OR UPDATE OR DELETE ON "pipeline_job"
  FOR EACH STATEMENT EXECUTE FUNCTION frontier_data_changed();
-- The jobs list names who queued each job.
CREATE TRIGGER app_user_data_changed AFTER UPDATE OR DELETE ON "app_user"
  FOR EACH STATEMENT EXECUTE FUNCTION frontier_data_changed();

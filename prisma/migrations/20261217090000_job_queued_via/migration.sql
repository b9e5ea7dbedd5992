-- Where a pipeline job was asked for: 'web' (the web app or its API: the person is in
-- created_by_id in server mode, and is the machine's owner in local mode) or 'cli' (the frontier
-- command, `npm start`'s demo study included). A refinement run's chains take the run's. Jobs
-- queued before this column existed keep NULL: where they came from was not recorded.
ALTER TABLE "pipeline_job" ADD COLUMN "queued_via" TEXT;
ALTER TABLE "pipeline_job" ADD CONSTRAINT "pipeline_job_queued_via_check" CHECK ("queued_via" IN ('web', 'cli'));

-- An automatic refinement run is a pipeline job (kind 'refine') that queues evaluation chains
-- round after round; each job of those chains points back at the run, so cancelling the run
-- cancels what it queued, and the Jobs page can say which round a chain belongs to.
ALTER TABLE "pipeline_job" ADD COLUMN "parent_id" INTEGER;
ALTER TABLE "pipeline_job" ADD CONSTRAINT "pipeline_job_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "pipeline_job"("id") ON DELETE SET NULL ON UPDATE CASCADE;
CREATE INDEX "pipeline_job_parent_id_idx" ON "pipeline_job"("parent_id");

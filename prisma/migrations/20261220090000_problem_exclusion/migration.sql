-- Problems a study leaves out of every number (LiveCodeBench's errata: tests that accept several
-- outputs, interactive problems, broken tests), with the reason, who excluded it and when. Per
-- study: a benchmark's problem can be excluded in one study and counted in another. Adding or
-- removing one bumps the study's data_version in the same transaction, so shares pin them.
CREATE TABLE "problem_exclusion" (
    "study_id" INTEGER NOT NULL,
    "problem_id" INTEGER NOT NULL,
    "reason" TEXT NOT NULL,
    "created_by_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "problem_exclusion_pkey" PRIMARY KEY ("study_id","problem_id")
);

CREATE INDEX "problem_exclusion_problem_id_idx" ON "problem_exclusion"("problem_id");
CREATE INDEX "problem_exclusion_created_by_id_idx" ON "problem_exclusion"("created_by_id");

ALTER TABLE "problem_exclusion" ADD CONSTRAINT "problem_exclusion_study_id_fkey" FOREIGN KEY ("study_id") REFERENCES "study"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "problem_exclusion" ADD CONSTRAINT "problem_exclusion_problem_id_fkey" FOREIGN KEY ("problem_id") REFERENCES "problem"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "problem_exclusion" ADD CONSTRAINT "problem_exclusion_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE CASCADE;

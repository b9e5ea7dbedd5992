-- CreateEnum
CREATE TYPE "JobState" AS ENUM ('QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED');

-- AlterTable
ALTER TABLE "problem" ADD COLUMN     "checker" JSONB;

-- AlterTable
ALTER TABLE "study" ADD COLUMN     "config" JSONB;

-- CreateTable
CREATE TABLE "pipeline_job" (
    "id" SERIAL NOT NULL,
    "study_id" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "alpha" DOUBLE PRECISION,
    "checkpoint_id" INTEGER,
    "run_id" INTEGER,
    "depends_on_id" INTEGER,
    "state" "JobState" NOT NULL DEFAULT 'QUEUED',
    "progress_done" INTEGER NOT NULL DEFAULT 0,
    "progress_total" INTEGER NOT NULL DEFAULT 0,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "max_attempts" INTEGER NOT NULL DEFAULT 4,
    "error" TEXT,
    "params" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "pipeline_job_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "judged_program" (
    "key" TEXT NOT NULL,
    "verdict" "Verdict" NOT NULL,
    "coverage_passed" SMALLINT NOT NULL,
    "test_verdicts" SMALLINT[],
    "test_cpu_ms" INTEGER[],
    "test_peak_kib" INTEGER[],
    "reruns" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "judged_program_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "worker_heartbeat" (
    "worker_id" TEXT NOT NULL,
    "host" TEXT NOT NULL,
    "pid" INTEGER NOT NULL,
    "last_seen" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "worker_heartbeat_pkey" PRIMARY KEY ("worker_id")
);

-- CreateIndex
CREATE INDEX "pipeline_job_study_id_id_idx" ON "pipeline_job"("study_id", "id");

-- CreateIndex
CREATE INDEX "pipeline_job_state_idx" ON "pipeline_job"("state");

-- AddForeignKey
ALTER TABLE "pipeline_job" ADD CONSTRAINT "pipeline_job_study_id_fkey" FOREIGN KEY ("study_id") REFERENCES "study"("id") ON DELETE CASCADE ON UPDATE CASCADE;

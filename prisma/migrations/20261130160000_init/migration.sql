-- CreateEnum
CREATE TYPE "CheckpointRole" AS ENUM ('INIT', 'LOW', 'HIGH', 'MERGED');

-- CreateEnum
CREATE TYPE "Verdict" AS ENUM ('AC', 'WA', 'TLE', 'MLE', 'RE', 'CE', 'OLE', 'IE');

-- CreateEnum
CREATE TYPE "FailureClass" AS ENUM ('SOLVED', 'CORRECTNESS', 'OPTIMIZATION', 'INTERNAL');

-- CreateTable
CREATE TABLE "study" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "origin" TEXT NOT NULL DEFAULT 'import',
    "data_version" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "study_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "benchmark" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "tiering" TEXT NOT NULL DEFAULT 'given',

    CONSTRAINT "benchmark_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "problem" (
    "id" SERIAL NOT NULL,
    "benchmark_id" INTEGER NOT NULL,
    "external_id" TEXT NOT NULL,
    "title" TEXT NOT NULL DEFAULT '',
    "difficulty" TEXT NOT NULL DEFAULT 'unknown',
    "platform" TEXT NOT NULL DEFAULT '',
    "contest_date" TIMESTAMPTZ(3),
    "statement" TEXT,
    "time_limit_ms" INTEGER,
    "memory_limit_mb" INTEGER,

    CONSTRAINT "problem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "test" (
    "problem_id" INTEGER NOT NULL,
    "ordinal" INTEGER NOT NULL,
    "tier" INTEGER NOT NULL,
    "input" TEXT NOT NULL,
    "expected" TEXT NOT NULL,

    CONSTRAINT "test_pkey" PRIMARY KEY ("problem_id","ordinal")
);

-- CreateTable
CREATE TABLE "checkpoint" (
    "id" SERIAL NOT NULL,
    "study_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "role" "CheckpointRole" NOT NULL,
    "alpha" DOUBLE PRECISION,
    "parent_lo_id" INTEGER,
    "parent_hi_id" INTEGER,
    "coverage_level" INTEGER,
    "model_scale" TEXT NOT NULL DEFAULT '',
    "uri" TEXT,
    "recipe" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "checkpoint_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "eval_run" (
    "id" SERIAL NOT NULL,
    "checkpoint_id" INTEGER NOT NULL,
    "benchmark_id" INTEGER NOT NULL,
    "setting" TEXT NOT NULL DEFAULT 'reasoning',
    "sampling" JSONB NOT NULL DEFAULT '{}',
    "sampling_key" TEXT NOT NULL DEFAULT '{}',
    "source_hash" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "eval_run_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sample" (
    "run_id" INTEGER NOT NULL,
    "problem_id" INTEGER NOT NULL,
    "idx" INTEGER NOT NULL,
    "language" TEXT NOT NULL DEFAULT 'python',
    "code" TEXT NOT NULL,
    "verdict" "Verdict",
    "failure_class" "FailureClass",
    "coverage_passed" SMALLINT,
    "test_verdicts" SMALLINT[],
    "test_cpu_ms" INTEGER[],
    "test_peak_kib" INTEGER[],
    "judged_at" TIMESTAMPTZ(3),

    CONSTRAINT "sample_pkey" PRIMARY KEY ("run_id","problem_id","idx")
);

-- CreateTable
CREATE TABLE "run_problem_aggregate" (
    "run_id" INTEGER NOT NULL,
    "problem_id" INTEGER NOT NULL,
    "n" INTEGER NOT NULL,
    "solved" INTEGER NOT NULL,
    "ac" INTEGER NOT NULL DEFAULT 0,
    "wa" INTEGER NOT NULL DEFAULT 0,
    "tle" INTEGER NOT NULL DEFAULT 0,
    "mle" INTEGER NOT NULL DEFAULT 0,
    "re" INTEGER NOT NULL DEFAULT 0,
    "ce" INTEGER NOT NULL DEFAULT 0,
    "ole" INTEGER NOT NULL DEFAULT 0,
    "ie" INTEGER NOT NULL DEFAULT 0,
    "pending" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "run_problem_aggregate_pkey" PRIMARY KEY ("run_id","problem_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "study_name_key" ON "study"("name");

-- CreateIndex
CREATE UNIQUE INDEX "benchmark_name_key" ON "benchmark"("name");

-- CreateIndex
CREATE INDEX "problem_benchmark_id_difficulty_idx" ON "problem"("benchmark_id", "difficulty");

-- CreateIndex
CREATE UNIQUE INDEX "problem_benchmark_id_external_id_key" ON "problem"("benchmark_id", "external_id");

-- CreateIndex
CREATE INDEX "checkpoint_study_id_alpha_idx" ON "checkpoint"("study_id", "alpha");

-- CreateIndex
CREATE UNIQUE INDEX "checkpoint_study_id_name_key" ON "checkpoint"("study_id", "name");

-- CreateIndex
CREATE UNIQUE INDEX "eval_run_checkpoint_id_benchmark_id_setting_sampling_key_key" ON "eval_run"("checkpoint_id", "benchmark_id", "setting", "sampling_key");

-- CreateIndex
CREATE INDEX "run_problem_aggregate_problem_id_idx" ON "run_problem_aggregate"("problem_id");

-- AddForeignKey
ALTER TABLE "problem" ADD CONSTRAINT "problem_benchmark_id_fkey" FOREIGN KEY ("benchmark_id") REFERENCES "benchmark"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "test" ADD CONSTRAINT "test_problem_id_fkey" FOREIGN KEY ("problem_id") REFERENCES "problem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "checkpoint" ADD CONSTRAINT "checkpoint_study_id_fkey" FOREIGN KEY ("study_id") REFERENCES "study"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "checkpoint" ADD CONSTRAINT "checkpoint_parent_lo_id_fkey" FOREIGN KEY ("parent_lo_id") REFERENCES "checkpoint"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "checkpoint" ADD CONSTRAINT "checkpoint_parent_hi_id_fkey" FOREIGN KEY ("parent_hi_id") REFERENCES "checkpoint"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "eval_run" ADD CONSTRAINT "eval_run_checkpoint_id_fkey" FOREIGN KEY ("checkpoint_id") REFERENCES "checkpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "eval_run" ADD CONSTRAINT "eval_run_benchmark_id_fkey" FOREIGN KEY ("benchmark_id") REFERENCES "benchmark"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sample" ADD CONSTRAINT "sample_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "eval_run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sample" ADD CONSTRAINT "sample_problem_id_fkey" FOREIGN KEY ("problem_id") REFERENCES "problem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "run_problem_aggregate" ADD CONSTRAINT "run_problem_aggregate_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "eval_run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "run_problem_aggregate" ADD CONSTRAINT "run_problem_aggregate_problem_id_fkey" FOREIGN KEY ("problem_id") REFERENCES "problem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

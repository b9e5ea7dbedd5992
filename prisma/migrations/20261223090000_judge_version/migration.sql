-- Reproducible verdicts. The judge has a version (JUDGE_VERSION in @frontier/judge), part of every
-- judged program's key from now on, so a verdict of one judge version is never reused by another.
-- Every judged program and every judged sample records that version, the limits it was judged
-- under (CPU time and memory, as the judge applied them) and the machine (its CPU model).
--
-- Existing rows keep NULL in the new columns: they were judged before versions existed and no
-- record says with which limits or on which machine. Their keys lack the version, so no new
-- judging reuses them; `frontier rejudge` replaces their verdicts.
ALTER TABLE "judged_program"
  ADD COLUMN "judge_version" INTEGER,
  ADD COLUMN "limit_cpu_ms" INTEGER,
  ADD COLUMN "limit_memory_kib" INTEGER,
  ADD COLUMN "machine" TEXT;

ALTER TABLE "sample"
  ADD COLUMN "judge_version" INTEGER,
  ADD COLUMN "limit_cpu_ms" INTEGER,
  ADD COLUMN "limit_memory_kib" INTEGER,
  ADD COLUMN "machine" TEXT;

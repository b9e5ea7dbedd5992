-- Every judged sample records the judge's sandbox backend that ran its tests (cgroup1, cgroup2,
-- rootless), and so does every cached judged program, whose result samples reuse.
--
-- Existing rows: every program the pipeline judged before backends existed ran in the cgroup v1
-- sandbox, the only one there was, so those rows get 'cgroup1': a fact, not a guess, and it keeps
-- cached results usable by studies that require cgroup1. The pipeline's judge step is the only
-- writer of coverage_passed (an import never sets it), which tells its samples apart. Verdicts
-- imported from files were judged elsewhere and stay NULL, as do unjudged samples and empty
-- programs (a CE recorded without running anything).
CREATE TYPE "SandboxBackend" AS ENUM ('cgroup1', 'cgroup2', 'rootless');

ALTER TABLE "sample" ADD COLUMN "sandbox" "SandboxBackend";
UPDATE "sample" SET "sandbox" = 'cgroup1'
WHERE "verdict" IS NOT NULL AND "coverage_passed" IS NOT NULL AND "code" ~ '\S';

ALTER TABLE "judged_program" ADD COLUMN "sandbox" "SandboxBackend" NOT NULL DEFAULT 'cgroup1';
ALTER TABLE "judged_program" ALTER COLUMN "sandbox" DROP DEFAULT;

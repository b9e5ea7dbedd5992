-- A study's identity across databases: a study archive carries it, and an import stores it with
-- the rebuilt study, so importing the same archive again is recognised and changes nothing.
-- Existing studies get one now (gen_random_uuid is built into Postgres 13 and later).
ALTER TABLE "study" ADD COLUMN "uid" UUID NOT NULL DEFAULT gen_random_uuid();
CREATE UNIQUE INDEX "study_uid_key" ON "study"("uid");

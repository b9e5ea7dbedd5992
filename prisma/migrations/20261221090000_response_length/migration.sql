-- Response length (issue 39): each sample's length in characters and, where known exactly, in
-- completion tokens; the aggregates sum them by verdict so views never read raw samples.
--
-- Existing rows keep response_chars NULL here: most programs are Snappy-compressed (code_z),
-- which SQL cannot decode. migrate() fills them in from the programs right after this migration
-- (the program's length: the files and servers they came from kept no more of the response) and
-- re-aggregates their runs. The partial index finds them cheaply, and is empty once done.
ALTER TABLE "sample" ADD COLUMN "response_chars" INTEGER;
ALTER TABLE "sample" ADD COLUMN "completion_tokens" INTEGER;
CREATE INDEX "sample_response_chars_missing" ON "sample" ("run_id") WHERE "response_chars" IS NULL;

ALTER TABLE "run_problem_aggregate" ADD COLUMN "len_chars" BIGINT[] NOT NULL DEFAULT '{}';
ALTER TABLE "run_problem_aggregate" ADD COLUMN "len_tokens" BIGINT[] NOT NULL DEFAULT '{}';
ALTER TABLE "run_problem_aggregate" ADD COLUMN "len_token_n" INTEGER[] NOT NULL DEFAULT '{}';

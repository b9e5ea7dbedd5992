-- Programs are stored Snappy-compressed by the application (issue 15: the database must take no
-- more bytes per sample than the imported files). Postgres compresses a value only once its row
-- passes ~2 KB, which a ~1 KB program never does, and the embedded Postgres has no lz4.
--
-- New rows store the program in code_z (Snappy, raw format, of its UTF-8 bytes; code NULL). Rows written
-- before this migration keep their code text, read as they are: no data is rewritten.
ALTER TABLE "sample" ADD COLUMN "code_z" BYTEA;
ALTER TABLE "sample" ALTER COLUMN "code" DROP NOT NULL;
ALTER TABLE "sample" ADD CONSTRAINT "sample_code_check" CHECK ("code" IS NOT NULL OR "code_z" IS NOT NULL);

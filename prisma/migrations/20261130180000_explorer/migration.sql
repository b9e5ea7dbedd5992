-- AlterTable
ALTER TABLE "run_problem_aggregate" ADD COLUMN     "fail_tier_hist" INTEGER[];

-- CreateTable
CREATE TABLE "share" (
    "token" TEXT NOT NULL,
    "study_id" INTEGER NOT NULL,
    "view" TEXT NOT NULL,
    "data_version" INTEGER NOT NULL,
    "payload" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "share_pkey" PRIMARY KEY ("token")
);

-- CreateIndex
CREATE INDEX "share_study_id_idx" ON "share"("study_id");

-- AddForeignKey
ALTER TABLE "share" ADD CONSTRAINT "share_study_id_fkey" FOREIGN KEY ("study_id") REFERENCES "study"("id") ON DELETE CASCADE ON UPDATE CASCADE;

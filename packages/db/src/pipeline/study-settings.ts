import type { Db } from '../client';
import { NotFoundError } from '../errors';
import { parseStudyConfig, type StudyConfig } from './config';

export interface StudySettings {
  id: number;
  name: string;
  config: StudyConfig;
}

/**
 * A study's evaluation settings: what the pipeline needs to evaluate a new alpha. NotFoundError
 * for an unknown study, StudyNotEvaluableError for one without valid settings (an imported study
 * holds only its results).
 */
export async function loadStudySettings(db: Db, studyId: number): Promise<StudySettings> {
  const study = await db.prisma.study.findUnique({
    where: { id: studyId },
    select: { id: true, name: true, config: true },
  });
  if (!study) throw new NotFoundError(`no study with id ${studyId}`);
  return { id: study.id, name: study.name, config: parseStudyConfig(study.config, study.name) };
}

import type { Command } from 'commander';
import { registerToken, registerUser } from './accounts';
import { registerEvaluate } from './evaluate';
import { registerExclude } from './exclude';
import { registerExport } from './export';
import { registerImport } from './import';
import { registerJobs } from './jobs';
import { registerJudge } from './judge';
import { registerMerge } from './merge';
import { registerMigrate } from './migrate';
import { registerRefine } from './refine';
import { registerRejudge } from './rejudge';
import { registerShare } from './share';
import { registerStudies } from './studies';
import { registerStudy } from './study';
import { registerSuggest } from './suggest';
import { registerTriage } from './triage';
import { registerUp } from './up';
import { registerWorker } from './worker';

// Each command lives in its own module and registers itself on the program.
export const commands: Array<(program: Command) => void> = [
  registerImport,
  registerJudge,
  registerStudies,
  registerExport,
  registerMigrate,
  registerMerge,
  registerStudy,
  registerEvaluate,
  registerSuggest,
  registerRefine,
  registerRejudge,
  registerTriage,
  registerExclude,
  registerShare,
  registerJobs,
  registerWorker,
  registerUp,
  registerUser,
  registerToken,
];

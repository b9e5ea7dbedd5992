import type { Command } from 'commander';
import { registerExport } from './export';
import { registerImport } from './import';
import { registerJudge } from './judge';
import { registerMerge } from './merge';
import { registerStudies } from './studies';
import { registerUp } from './up';

// Each command lives in its own module and registers itself on the program.
export const commands: Array<(program: Command) => void> = [registerImport, registerJudge, registerStudies, registerExport, registerMerge, registerUp];

import type { Command } from 'commander';
import { withDatabase } from '../database';

export function registerMigrate(program: Command): void {
  program
    .command('migrate')
    .description('apply pending database migrations and exit (every other command also does this first)')
    .action(async () => {
      await withDatabase(async () => {});
      process.stdout.write('database is up to date\n');
    });
}

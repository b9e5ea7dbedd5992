import type { Command } from 'commander';
import { listStudySummaries } from '@frontier/db';
import { withDatabase } from '../database';
import { textTable } from '../text-table';

export function registerStudies(program: Command): void {
  program
    .command('studies')
    .description('list studies with their checkpoint and sample counts')
    .option('--json', 'print JSON instead of a table')
    .action(async (flags: { json?: boolean }) => {
      const summaries = await withDatabase(({ db }) => listStudySummaries(db));
      // By name, counting every stored sample (judged, internal errors and pending alike).
      const studies = summaries
        .map((s) => ({
          id: s.id,
          name: s.name,
          origin: s.origin,
          checkpoints: s.checkpoints,
          samples: s.samples + s.internalErrors + s.pending,
          dataVersion: s.dataVersion,
        }))
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      if (flags.json) {
        process.stdout.write(`${JSON.stringify(studies, null, 2)}\n`);
        return;
      }
      if (studies.length === 0) {
        process.stdout.write('no studies yet: run `frontier import FILE`\n');
        return;
      }
      const header = ['id', 'study', 'origin', 'checkpoints', 'samples'];
      const rows = studies.map((s) => [String(s.id), s.name, s.origin, String(s.checkpoints), String(s.samples)]);
      process.stdout.write(textTable(header, rows));
    });
}

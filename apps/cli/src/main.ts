import { Command, CommanderError } from 'commander';
import { commands } from './commands';
import { env } from './env';
import { CliError } from './errors';

// `frontier export ... | head` closes the pipe early: that is success, not an error.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});

const program = new Command('frontier')
  .description('Frontier Explorer: import, judge, merge and evaluate along the alpha line')
  .showHelpAfterError()
  .exitOverride();

for (const register of commands) register(program);

// The environment is parsed first, so a bad one fails every command the same way, before any work.
let debug = false;
try {
  debug = Boolean(env().FRONTIER_DEBUG);
  await program.parseAsync(process.argv);
} catch (err) {
  if (err instanceof CommanderError) process.exit(err.exitCode);
  const message = err instanceof Error ? err.message : String(err);
  process.stderr.write(`frontier: ${message}\n`);
  if (!(err instanceof CliError) && debug) console.error(err);
  process.exit(err instanceof CliError ? err.exitCode : 1);
}

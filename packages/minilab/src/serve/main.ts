// The stand-in inference server as an executable, started the way `vllm serve` is:
//   node --import tsx main.ts serve DIR --served-model-name NAME --port P
// `toyServerCommand()` gives the full command, runnable from any directory.
import { parseCliArgs, parseDevMode, USAGE } from './cli-args';
import { startToyServer } from './toy-server';

async function main(): Promise<void> {
  let args: ReturnType<typeof parseCliArgs>;
  let vllmDevMode: boolean;
  try {
    args = parseCliArgs(process.argv.slice(2));
    vllmDevMode = parseDevMode(process.env.VLLM_SERVER_DEV_MODE);
  } catch (err) {
    process.stderr.write(`toy-server: ${(err as Error).message}\n${USAGE}\n`);
    process.exit(2);
  }
  if (args === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const log = (line: string): void =>
    void process.stderr.write(`${new Date().toISOString()} toy-server[${process.pid}] ${line}\n`);
  let server: Awaited<ReturnType<typeof startToyServer>>;
  try {
    server = await startToyServer({ ...args, vllmDevMode, log });
  } catch (err) {
    log(`failed to start: ${(err as Error).message}`);
    process.exit(1);
  }
  const stop = (signal: string): void => {
    log(`${signal}: shutting down`);
    // Exit even if a connection refuses to close: whoever sent the signal is waiting.
    setTimeout(() => process.exit(0), 2_000).unref();
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

void main();

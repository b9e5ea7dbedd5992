// The stand-in server's command line, shaped like the engines' so the same `--serve` template
// works for both: `serve DIR` (vLLM) or `--model-path DIR` (SGLang).
import { parseArgs } from 'node:util';
import type { ToyServerOptions } from './toy-server';

export const USAGE = `usage: toy-server serve DIR [--served-model-name NAME] [--port 8000] [--host 127.0.0.1] [--exit-after-completions N]
       toy-server --model-path DIR [same options]
Serves the minilab toy policy in DIR over the OpenAI chat-completions API, with SGLang's
/update_weights_from_disk, and vLLM's /collective_rpc when VLLM_SERVER_DEV_MODE=1.`;

export type CliOptions = Required<Pick<ToyServerOptions, 'checkpointDir' | 'host' | 'port'>> &
  Pick<ToyServerOptions, 'servedModelName' | 'exitAfterCompletions'>;

/** Throws an Error whose message says what is wrong with the arguments. */
export function parseCliArgs(argv: string[]): CliOptions | 'help' {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'model-path': { type: 'string' },
      'served-model-name': { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      'exit-after-completions': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return 'help';
  const [verb, dir, ...extra] = positionals;
  if (extra.length > 0 || (verb !== undefined && verb !== 'serve'))
    throw new Error(`unexpected argument(s): ${positionals.join(' ')}`);
  if (verb === 'serve' && !dir) throw new Error('serve needs the checkpoint directory: serve DIR');
  if (dir && values['model-path'] !== undefined)
    throw new Error('give the checkpoint either as `serve DIR` or as `--model-path DIR`, not both');
  const checkpointDir = dir ?? values['model-path'];
  if (!checkpointDir) throw new Error('no checkpoint directory: `serve DIR` or `--model-path DIR`');
  if (values['served-model-name'] === '') throw new Error('--served-model-name must not be empty');
  const port = integerFlag('port', values.port ?? '8000', 0, 65535);
  const exitAfter = values['exit-after-completions'];
  return {
    checkpointDir,
    servedModelName: values['served-model-name'],
    host: values.host || '127.0.0.1',
    port,
    exitAfterCompletions:
      exitAfter === undefined
        ? undefined
        : integerFlag('exit-after-completions', exitAfter, 0, Number.MAX_SAFE_INTEGER),
  };
}

function integerFlag(name: string, text: string, min: number, max: number): number {
  const n = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!(n >= min && n <= max)) throw new Error(`--${name} must be an integer from ${min} to ${max}, got "${text}"`);
  return n;
}

/** vLLM reads VLLM_SERVER_DEV_MODE as `bool(int(value))`. */
export function parseDevMode(value: string | undefined): boolean {
  if (value === undefined || value.trim() === '') return false;
  if (!/^\s*[+-]?\d+\s*$/.test(value))
    throw new Error(`VLLM_SERVER_DEV_MODE must be an integer (0 or 1), got "${value}"`);
  return Number(value) !== 0;
}

import type { StudyConfigInput } from '@frontier/db';
import { CliError } from '../errors';

export interface ServingFlags {
  serve?: string;
  startupTimeout: number;
  reload?: string;
  baseUrl?: string;
  model?: string;
}

type ServingInput = Extract<StudyConfigInput['backend'], { kind: 'openai' }>['serving'];

const DEFAULT_LAUNCH_MODEL = 'checkpoint-alpha-{alpha}';

/**
 * How each checkpoint is served, from `study create`'s flags: `--serve CMD` (launch), `--reload
 * ENGINE --base-url URL` (reload), or `--base-url URL --model NAME` (named). Contradictory flags
 * are refused by name rather than one silently winning.
 */
export function servingFromFlags(f: ServingFlags): ServingInput {
  if (f.serve !== undefined) {
    if (f.reload !== undefined)
      throw new CliError(
        '--serve and --reload: give one (--serve launches a server per checkpoint, --reload uses a running one)',
      );
    if (f.baseUrl !== undefined)
      throw new CliError('--base-url: not used with --serve, which starts its own server on a free port');
    return {
      mode: 'launch',
      command: f.serve,
      model: f.model ?? DEFAULT_LAUNCH_MODEL,
      startupTimeoutMs: f.startupTimeout * 1000,
    };
  }
  if (f.baseUrl === undefined)
    throw new CliError(
      'say how checkpoints are served: --serve COMMAND (launch), --reload sglang|vllm --base-url URL (reload), or --base-url URL --model NAME (a server you run)',
    );
  if (f.reload !== undefined) {
    if (f.reload !== 'sglang' && f.reload !== 'vllm')
      throw new CliError(`--reload must be sglang or vllm (got ${JSON.stringify(f.reload)})`);
    if (f.model !== undefined)
      throw new CliError(
        '--model: not used with --reload; the name the server lists after loading a checkpoint is used',
      );
    return { mode: 'reload', engine: f.reload, baseUrl: f.baseUrl };
  }
  if (f.model === undefined)
    throw new CliError(
      '--model: needed with --base-url alone (the name the server serves each checkpoint under, e.g. coverage-{alpha})',
    );
  return { mode: 'named', baseUrl: f.baseUrl, model: f.model };
}

/** The flag a settings path came from, for messages: backend.serving.baseUrl -> --base-url. */
export function flagOf(path: readonly PropertyKey[]): string {
  const FLAGS: Record<string, string> = {
    baseUrl: '--base-url',
    command: '--serve',
    apiKeyEnv: '--api-key-env',
    samplesPerProblem: '--samples',
    samplesPerRequest: '--samples-per-request',
    startupTimeoutMs: '--startup-timeout',
  };
  const last = String(path.at(-1));
  return FLAGS[last] ?? `--${last.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

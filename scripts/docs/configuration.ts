import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { envSchema as cliEnv } from '../../apps/cli/src/env';
import { envSchema as webEnv } from '../../apps/web/src/env';
import { envSchema as workerEnv } from '../../apps/worker/src/env';
import { cell, GENERATED_NOTE } from './markdown';

// docs/operations/configuration.md, written from each app's Zod environment schema (the one its
// env module parses at start-up), so the reference cannot drift from what the apps accept.

export const CONFIGURATION_PATH = 'docs/operations/configuration.md';

const APPS = [
  {
    name: 'cli',
    what: 'the `frontier` command, and `frontier up` (`npm start`), which passes its environment on to web and worker',
    file: 'apps/cli/src/env.ts',
    schema: cliEnv,
  },
  { name: 'web', what: 'the web app', file: 'apps/web/src/env.ts', schema: webEnv },
  { name: 'worker', what: 'the worker app', file: 'apps/worker/src/env.ts', schema: workerEnv },
] as const;

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

interface Field {
  description?: string;
  default?: unknown;
  type?: string;
  minimum?: number;
  maximum?: number;
  enum?: unknown[];
}

/** What the variable accepts, from the schema's input side (before transforms). */
function accepts(f: Field): string {
  if (f.enum) return f.enum.map((v) => `\`${String(v)}\``).join(', ');
  const max = f.maximum !== undefined && f.maximum < Number.MAX_SAFE_INTEGER ? f.maximum : undefined;
  const range =
    f.minimum !== undefined && max !== undefined
      ? ` ${f.minimum.toLocaleString('en')} to ${max.toLocaleString('en')}`
      : f.minimum !== undefined
        ? ` >= ${f.minimum.toLocaleString('en')}`
        : '';
  return `${f.type === 'integer' ? 'integer' : f.type === 'number' ? 'number' : 'text'}${range}`;
}

/** A default as written in the environment (a path inside the checkout relative to it), as code. */
function defaultText(value: unknown): string {
  if (value === undefined) return '';
  const text = String(value);
  return `\`${cell(text.startsWith(REPO_ROOT) ? text.slice(REPO_ROOT.length) || '.' : text)}\``;
}

/** One value for every app, or each app's on a line of its own where they differ. */
function merged(values: Array<{ app: string; value: string }>): string {
  const distinct = [...new Set(values.map((v) => v.value))];
  if (distinct.length === 1) return distinct[0]!;
  return values.map((v) => `${v.app}: ${v.value || 'none'}`).join('<br>');
}

export function configurationReference(): string {
  const rows = new Map<string, Array<{ app: string; field: Field }>>();
  for (const app of APPS) {
    const json = z.toJSONSchema(app.schema, { io: 'input', unrepresentable: 'any' }) as {
      properties: Record<string, Field>;
    };
    for (const [name, field] of Object.entries(json.properties)) {
      if (!field.description) throw new Error(`${app.file}: ${name} has no description (.describe('...'))`);
      rows.set(name, [...(rows.get(name) ?? []), { app: app.name, field }]);
    }
  }
  const names = [...rows.keys()].sort();
  return [
    '# Configuration',
    '',
    GENERATED_NOTE(
      `\`npm run docs:generate\` from the environment schemas in ${APPS.map((a) => `\`${a.file}\``).join(', ')}`,
    ),
    '',
    "Each app reads its environment once, at start-up, through its Zod schema; a bad value stops it with a message naming the variable. Nothing else reads the environment, except the secrets a study names by variable (`frontier study create --api-key-env NAME`, read by the worker that samples) and the judge's `FRONTIER_JUDGE_CGROUP` (the delegated cgroup v2 group to use; see the judge's [sandbox backends](../../packages/judge/README.md#sandbox-backends)).",
    '',
    ...APPS.map((a) => `- **${a.name}**: ${a.what} (\`${a.file}\`)`),
    '',
    '| variable | read by | default | accepts | meaning |',
    '| --- | --- | --- | --- | --- |',
    ...names.map((name) => {
      const per = rows.get(name)!;
      const column = (value: (field: Field) => string) =>
        merged(per.map(({ app, field }) => ({ app, value: value(field) })));
      const meaning = column((field) => cell(field.description!));
      return `| \`${name}\` | ${per.map((p) => p.app).join(', ')} | ${column((f) => defaultText(f.default))} | ${column(accepts)} | ${meaning} |`;
    }),
    '',
  ].join('\n');
}

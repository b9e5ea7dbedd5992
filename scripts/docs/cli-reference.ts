import { Command, type Option } from 'commander';
import { commands } from '../../apps/cli/src/commands';
import { cell, GENERATED_NOTE } from './markdown';

// docs/guide/cli.md, written from the commands' own commander definitions (what `--help` prints),
// so the reference cannot drift from the code.

export const CLI_REFERENCE_PATH = 'docs/guide/cli.md';

function program(): Command {
  const root = new Command('frontier').description(
    'Frontier Explorer: import, judge, merge and evaluate along the alpha line',
  );
  for (const register of commands) register(root);
  return root;
}

/** Every command with subcommands of its own listed after it, depth first, in registration order. */
function flatten(command: Command): Command[] {
  return command.commands.flatMap((sub) => [sub, ...flatten(sub)]);
}

function fullName(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

function anchor(command: Command): string {
  return fullName(command).replace(/ /g, '-');
}

/** A default as a user types it; an object or a machine-dependent value needs its own description. */
function defaultText(option: Option): string {
  if (option.defaultValueDescription) return option.defaultValueDescription;
  const value: unknown = option.defaultValue;
  if (value === undefined) return '';
  if (Array.isArray(value)) return value.length === 0 ? '' : value.join(',');
  if (typeof value === 'object' && value !== null) {
    throw new Error(
      `${option.flags}: an object default needs a description (new Option(...).default(value, 'how a user writes it'))`,
    );
  }
  return value === '' ? '""' : String(value);
}

function commandSection(command: Command): string {
  const help = command.createHelp();
  const lines = [`### ${fullName(command)}`, '', command.description() || `(see the subcommands below)`, ''];
  if (command.commands.length > 0) {
    lines.push(`Subcommands: ${command.commands.map((sub) => `[\`${sub.name()}\`](#${anchor(sub)})`).join(', ')}.`, '');
    return lines.join('\n');
  }
  lines.push('```', help.commandUsage(command), '```', '');
  const args = command.registeredArguments;
  if (args.length > 0) {
    lines.push('| argument | meaning |', '| --- | --- |');
    for (const arg of args)
      lines.push(
        `| \`${arg.required ? `<${arg.name()}${arg.variadic ? '...' : ''}>` : `[${arg.name()}${arg.variadic ? '...' : ''}]`}\` | ${cell(arg.description)} |`,
      );
    lines.push('');
  }
  const options = command.options.filter((o) => !o.hidden);
  if (options.length > 0) {
    lines.push('| option | default | meaning |', '| --- | --- | --- |');
    for (const o of options) {
      const def = defaultText(o);
      lines.push(
        `| \`${o.flags}\`${o.mandatory ? ' (required)' : ''} | ${def === '' ? '' : `\`${cell(def)}\``} | ${cell(o.description)} |`,
      );
    }
    lines.push('');
  }
  return lines.join('\n');
}

export function cliReference(): string {
  const root = program();
  const all = flatten(root);
  return [
    '# The `frontier` command',
    '',
    GENERATED_NOTE('`npm run docs:generate` from the commands in `apps/cli/src/commands/`'),
    '',
    `${root.description()}. Run it as \`npm run frontier -- COMMAND ...\` from a checkout (\`npm start\` is \`frontier up\`); \`frontier COMMAND --help\` prints the same as this page.`,
    '',
    'The commands that read or write studies use the database `npm start` uses: `DATABASE_URL`, else the embedded Postgres (started if it is not running, and stopped again afterwards if the command started it). The environment variables the CLI reads are in [configuration](../operations/configuration.md). On a terminal, long work shows a progress bar. Any error prints a message that says what and where, exits non-zero and writes nothing.',
    '',
    '| command | what it does |',
    '| --- | --- |',
    ...all.map(
      (c) =>
        `| [\`${fullName(c).replace(/^frontier /, '')}\`](#${anchor(c)}) | ${cell(c.description() || 'see its subcommands')} |`,
    ),
    '',
    '## Commands',
    '',
    ...all.map(commandSection),
  ].join('\n');
}

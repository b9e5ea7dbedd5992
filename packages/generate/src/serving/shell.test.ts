import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ServingError } from './errors';
import { checkServeCommand, quoteIfNeeded, renderServeCommand, shellQuote } from './shell';

/** The words `sh` makes of a command line. */
function words(commandLine: string): string[] {
  return JSON.parse(
    execFileSync(
      'sh',
      [
        '-c',
        `${shellQuote(process.execPath)} -e 'console.log(JSON.stringify(process.argv.slice(1)))' -- ${commandLine}`,
      ],
      { encoding: 'utf8' },
    ),
  ) as string[];
}

describe('renderServeCommand', () => {
  const hostile = `/ckpt/it's a "dir" $HOME \`id\` ; rm -rf x`;

  it('passes any path as one word', () => {
    const cmd = renderServeCommand('serve {checkpoint} --served-model-name {model} --port {port}', {
      checkpoint: hostile,
      model: 'alpha 0.5',
      port: 8123,
    });
    expect(words(cmd)).toEqual(['serve', hostile, '--served-model-name', 'alpha 0.5', '--port', '8123']);
  });

  it('takes placeholders the template already quoted, and leaves other braces', () => {
    const cmd = renderServeCommand(`serve '{checkpoint}' "{model}" --model={model} --json '{"a": 1}' {alpha}`, {
      checkpoint: hostile,
      model: 'm',
      port: 1,
    });
    expect(words(cmd)).toEqual(['serve', hostile, 'm', '--model=m', '--json', '{"a": 1}', '{alpha}']);
  });
});

describe('checkServeCommand', () => {
  it('names the missing placeholders', () => {
    expect(() => checkServeCommand('vllm serve {checkpoint}')).toThrow(ServingError);
    expect(() => checkServeCommand('vllm serve {checkpoint}')).toThrow(/^the serve command lacks \{model\}, \{port\}:/);
    expect(() => checkServeCommand('vllm serve {checkpoint} --served-model-name {model} --port {port}')).not.toThrow();
  });
});

describe('quoteIfNeeded', () => {
  it('quotes only what sh would split or expand', () => {
    expect(quoteIfNeeded('/ckpt/alpha=0.5')).toBe('/ckpt/alpha=0.5');
    expect(quoteIfNeeded('/ckpt/a b')).toBe(`'/ckpt/a b'`);
    expect(quoteIfNeeded(`it's`)).toBe(`'it'\\''s'`);
  });
});

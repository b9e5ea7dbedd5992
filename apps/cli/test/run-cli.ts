import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../bin/frontier.js', import.meta.url));

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

// Runs the real `frontier` binary, as a user would, against the given database; `input`, when
// given, is piped to its stdin (which is then closed).
export function runCli(args: string[], env: Record<string, string>, input?: string): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    // A child that exits without reading its stdin (refused arguments) is no error of the test's.
    if (input !== undefined) child.stdin.on('error', () => {}).end(input);
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

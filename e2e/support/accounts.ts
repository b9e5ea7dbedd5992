import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { databaseUrl, dataDir } from './database';

// Accounts for the server-mode tests, made the way an admin makes them: with the real CLI
// against the database of the server under test.

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

async function cli(args: string[], input?: string): Promise<string> {
  const child = run('node', [join(repoRoot, 'apps/cli/bin/frontier.js'), ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl(), FRONTIER_DATA_DIR: dataDir },
  });
  if (input !== undefined) child.child.stdin!.end(input);
  return (await child).stdout;
}

export interface Account {
  email: string;
  password: string;
  /** An API token of this account. */
  token: string;
}

/** A fresh account (a unique email per run, so reruns never collide) with a token. */
export async function addAccount(role: 'viewer' | 'editor' | 'admin'): Promise<Account> {
  const email = `${role}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@lab.example`;
  const password = `pw-${role}-${Math.random().toString(36).slice(2)}`;
  await cli(['user', 'add', email, '--role', role], `${password}\n`);
  return { email, password, token: await createToken(email) };
}

export async function createToken(email: string): Promise<string> {
  return (await cli(['token', 'create', email, '--name', 'e2e'])).trim().split('\n').at(-1)!;
}

/** Revokes the token (found by its user's email in `frontier token list`). */
export async function revokeTokensOf(email: string): Promise<void> {
  const lines = (await cli(['token', 'list'])).split('\n').filter((l) => l.includes(` ${email} `));
  for (const line of lines) await cli(['token', 'revoke', line.trim().split(/\s+/)[0]!]);
}

export async function signIn(page: Page, account: Account, path = '/'): Promise<void> {
  await page.goto(path);
  await page.waitForURL(/\/sign-in/);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  const signedIn = page.getByTestId('signed-in-as');
  const limited = page.getByText('Too many requests');
  // Sign-in is rate-limited per address (a few tries per 10 s), and every test signs in from
  // the same one: when the suite outpaces the limit, wait out the window and try again.
  for (let attempt = 0; ; attempt++) {
    await page.getByRole('button', { name: 'Sign in' }).click();
    await signedIn.or(limited).first().waitFor();
    if (await signedIn.isVisible()) return;
    if (attempt >= 3) throw new Error(`sign-in of ${account.email} still rate-limited after ${attempt + 1} tries`);
    await page.waitForTimeout(11_000);
  }
}

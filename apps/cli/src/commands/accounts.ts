import { randomBytes } from 'node:crypto';
import { text } from 'node:stream/consumers';
import { hashPassword } from 'better-auth/crypto';
import type { Command } from 'commander';
import { formatTimestamp, parseRole, type Role } from '@frontier/core';
import { addUser, createToken, listTokens, listUsers, removeUser, revokeToken, setUserRole } from '@frontier/db';
import { z } from 'zod';
import { withDatabase } from '../database';
import { asCliError, CliError } from '../errors';
import { parseInteger } from '../parse';

// Account commands for server mode. They talk to the database directly (as every CLI command
// does), so whoever can run them already holds the keys: there is no sign-in here.

/** Better Auth's default password bounds: its sign-in page refuses a longer one. */
const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;
/** api_token.id is a 32-bit serial. */
const MAX_TOKEN_ID = 2 ** 31 - 1;

function roleOf(what: string) {
  return (value: string): Role => {
    try {
      return parseRole(value);
    } catch (err) {
      throw new CliError(`${what}: ${(err as Error).message}`);
    }
  };
}

function emailOf(value: string): string {
  if (!z.email().safeParse(value.trim()).success)
    throw new CliError(`EMAIL: ${JSON.stringify(value)} is not an email address`);
  return value.trim();
}

/** The password piped on stdin (`... < file`, `printf %s "$PW" | ...`), one trailing newline dropped. */
async function passwordFromStdin(): Promise<string> {
  const password = (await text(process.stdin)).replace(/\r?\n$/, '');
  if (password === '')
    throw new CliError('the password on stdin is empty (run without piping stdin to have one generated)');
  if (/[\r\n]/.test(password))
    throw new CliError('the password on stdin has more than one line: pipe just the password');
  if (password.length < PASSWORD_MIN)
    throw new CliError(`the password on stdin is shorter than ${PASSWORD_MIN} characters`);
  if (password.length > PASSWORD_MAX)
    throw new CliError(
      `the password on stdin is longer than ${PASSWORD_MAX} characters (the sign-in page refuses those)`,
    );
  return password;
}

export function registerUser(program: Command): void {
  const user = program.command('user').description('manage the accounts that sign in to a team server (server mode)');
  user
    .command('add')
    .description(
      'add an account; the password is read from stdin when it is piped, otherwise one is generated and printed once',
    )
    .argument('<email>', 'the address the person signs in with', emailOf)
    .requiredOption(
      '--role <role>',
      'viewer (reads, shares), editor (also evaluates, imports, cancels) or admin (also manages accounts)',
      roleOf('--role'),
    )
    .action(async (email: string, flags: { role: Role }) => {
      const generated = process.stdin.isTTY ? randomBytes(15).toString('base64url') : undefined;
      const password = generated ?? (await passwordFromStdin());
      const passwordHash = await hashPassword(password);
      const added = await withDatabase(({ db }) =>
        addUser(db, { email, role: flags.role, passwordHash }).catch(asCliError),
      );
      process.stdout.write(`added ${added.email} as ${added.role}\n`);
      if (generated) process.stdout.write(`password (shown once, it will not be shown again):\n${generated}\n`);
    });
  user
    .command('list')
    .description('list the accounts: email, role, when created')
    .action(async () => {
      const users = await withDatabase(({ db }) => listUsers(db));
      if (users.length === 0)
        return void process.stdout.write('no users yet: add one with `frontier user add EMAIL --role admin`\n');
      const width = Math.max(...users.map((u) => u.email.length));
      for (const u of users)
        process.stdout.write(
          `${u.email.padEnd(width)}  ${u.role.padEnd(6)}  created ${formatTimestamp(u.createdAt)}\n`,
        );
    });
  user
    .command('role')
    .description("change an account's role")
    .argument('<email>', 'the account', emailOf)
    .argument('<role>', 'viewer, editor or admin', roleOf('ROLE'))
    .action(async (email: string, role: Role) => {
      const changed = await withDatabase(({ db }) => setUserRole(db, email, role).catch(asCliError));
      process.stdout.write(`${changed.email} is now ${changed.role}\n`);
    });
  user
    .command('remove')
    .description('remove an account with its sessions and tokens (its jobs and shares stay, without an owner)')
    .argument('<email>', 'the account', emailOf)
    .action(async (email: string) => {
      await withDatabase(({ db }) => removeUser(db, email).catch(asCliError));
      process.stdout.write(`removed ${email.toLowerCase()} with their sessions and tokens\n`);
    });
}

function tokenName(value: string): string {
  const name = value.trim();
  if (name === '' || name.length > 100 || /\p{Cc}/u.test(name))
    throw new CliError(`--name must be 1 to 100 printable characters (got ${JSON.stringify(value)})`);
  return name;
}

function tokenId(value: string): number {
  const id = parseInteger('ID', value);
  if (id > MAX_TOKEN_ID) throw new CliError(`no token with id ${id} (see \`frontier token list\`)`);
  return id;
}

export function registerToken(program: Command): void {
  const token = program
    .command('token')
    .description("API tokens for scripts (Authorization: Bearer TOKEN), acting with their user's role");
  token
    .command('create')
    .description('create a token for an account; it is printed once, alone on the last line (only its hash is stored)')
    .argument('<email>', 'the account the token acts as', emailOf)
    .option('--name <name>', 'what the token is for, e.g. the cluster that uses it', tokenName, 'cli')
    .action(async (email: string, flags: { name: string }) => {
      const created = await withDatabase(({ db }) => createToken(db, email, flags.name).catch(asCliError));
      process.stdout.write(
        `token ${created.id} for ${email.toLowerCase()} (${flags.name}): shown once, store it now\n${created.token}\n`,
      );
    });
  token
    .command('list')
    .description('list tokens: id, email, name, when created and last used, and when revoked')
    .action(async () => {
      const tokens = await withDatabase(({ db }) => listTokens(db));
      if (tokens.length === 0)
        return void process.stdout.write('no tokens yet: create one with `frontier token create EMAIL`\n');
      const w = (f: (t: (typeof tokens)[number]) => string) => Math.max(...tokens.map((t) => f(t).length));
      const [idW, emailW, nameW] = [w((t) => String(t.id)), w((t) => t.email), w((t) => t.name)];
      for (const t of tokens) {
        const used = `last used ${t.lastUsedAt ? formatTimestamp(t.lastUsedAt) : 'never'}`;
        const revoked = t.revokedAt ? `  revoked ${formatTimestamp(t.revokedAt)}` : '';
        process.stdout.write(
          `${String(t.id).padStart(idW)}  ${t.email.padEnd(emailW)}  ${t.name.padEnd(nameW)}  created ${formatTimestamp(t.createdAt)}  ${used.padEnd(30)}${revoked}`.trimEnd() +
            '\n',
        );
      }
    });
  token
    .command('revoke')
    .description('revoke a token at once')
    .argument('<id>', "the token's id (see `frontier token list`)", tokenId)
    .action(async (id: number) => {
      await withDatabase(({ db }) => revokeToken(db, id).catch(asCliError));
      process.stdout.write(`revoked token ${id}\n`);
    });
}

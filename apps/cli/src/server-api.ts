import { CliError } from './errors';
import { endpoint } from './import/remote-import';

// A JSON call to a Frontier Explorer server's API with an API token, for the commands that work
// on a team server (--server URL): refusals are told as the server words them, with what to do.

export interface ServerTarget {
  server: string;
  token?: string;
}

function refusal(status: number, body: unknown, token: string | undefined): CliError {
  const given = (body as { error?: { message?: unknown } } | undefined)?.error?.message;
  const message = typeof given === 'string' ? given : 'no message';
  if (status === 401)
    return new CliError(
      token
        ? 'the server does not accept this token (HTTP 401): it is unknown or revoked; make a new one with `frontier token create EMAIL` on the server'
        : 'the server needs an API token (HTTP 401): pass --token or set FRONTIER_TOKEN (make one with `frontier token create EMAIL` on the server)',
    );
  if (status === 403) return new CliError(`the server refused (HTTP 403): ${message}`);
  return new CliError(`the server refused the request (HTTP ${status}): ${message}`);
}

/** The answer's JSON body; a CliError for an unreachable server or a refusal. */
export async function serverJson(
  target: ServerTarget,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<unknown> {
  const url = endpoint(target.server, path);
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...(target.token && { authorization: `Bearer ${target.token}` }),
    ...(body !== undefined && { 'content-type': 'application/json' }),
  };
  const res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }).catch(
    (err: unknown) => {
      throw new CliError(`cannot reach ${url.origin} (${(err as Error).message})`);
    },
  );
  const answer: unknown = await res.json().catch(() => undefined);
  if (!res.ok) throw refusal(res.status, answer, target.token);
  return answer;
}

/** The server's id of the study named `nameOrId` (a name that looks like a number wins, as locally). */
export async function serverStudyId(target: ServerTarget, nameOrId: string): Promise<number> {
  const { studies } = (await serverJson(target, 'GET', 'api/studies')) as { studies: { id: number; name: string }[] };
  const found = studies.find((s) => s.name === nameOrId) ?? studies.find((s) => String(s.id) === nameOrId);
  if (!found) throw new CliError(`the server has no study named ${JSON.stringify(nameOrId)}`);
  return found.id;
}

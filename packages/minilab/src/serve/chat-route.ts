// POST /v1/chat/completions: the toy policy answers the problem the prompt asks about. Choice k
// of a request seeded s is the candidate drawn from stream s + k, which is sample `idx` of the
// in-process backend for seed S whenever s + k = S + idx.
import { randomInt } from 'node:crypto';
import type { ProblemMeta } from '../problems';
import { chatCompletion, replyContent } from './chat-reply';
import { findProblem } from './find-problem';
import { openAIError, type Reply } from './http-json';
import type { ServedModel } from './served-model';

const MAX_N = 1024;

export async function chatCompletions(
  model: ServedModel,
  problems: readonly ProblemMeta[],
  body: Record<string, unknown>,
): Promise<Reply> {
  const name = body.model ?? model.servedName;
  // vLLM's wording, so clients that recognise it say the same thing here.
  if (name !== model.servedName)
    throw openAIError(404, 'NotFoundError', `The model \`${String(name)}\` does not exist.`);
  const prompt = lastUserMessage(body.messages);
  const n = body.n ?? 1;
  if (!Number.isInteger(n) || (n as number) < 1 || (n as number) > MAX_N)
    throw badRequest(`n must be an integer from 1 to ${MAX_N}, got ${JSON.stringify(n)}`);
  const seed = body.seed ?? null;
  if (seed !== null && !Number.isSafeInteger(seed))
    throw badRequest(`seed must be an integer, got ${JSON.stringify(seed)}`);
  for (const key of ['temperature', 'top_p', 'max_tokens'] as const) {
    if (body[key] !== undefined && body[key] !== null && typeof body[key] !== 'number')
      throw badRequest(`${key} must be a number`);
  }
  const policy = await model.current();
  const problem = findProblem(
    prompt,
    problems.filter((p) => policy.problems.has(p.id)),
  );
  if (!problem) {
    throw badRequest(
      `the toy policy only answers minilab problems: no minilab problem's statement or title appears in the last user message ("${prompt.replace(/\s+/g, ' ').slice(0, 80)}...")`,
    );
  }
  // Unseeded requests draw like an engine without a seed: a fresh random stream each time.
  const stream = (seed as number | null) ?? randomInt(2 ** 31);
  const contents = Array.from({ length: n as number }, (_, k) =>
    replyContent(policy.sampleStream(problem.id, stream + k).code),
  );
  const tokenIds = body.return_token_ids ?? false;
  if (typeof tokenIds !== 'boolean') throw badRequest('return_token_ids must be a boolean');
  return { status: 200, body: chatCompletion(model.servedName, prompt, contents, { tokenIds }) };
}

const badRequest = (message: string) => openAIError(400, 'BadRequestError', message);

/** The text of the last user message (a string, or OpenAI's list of content parts). */
function lastUserMessage(messages: unknown): string {
  if (!Array.isArray(messages) || messages.length === 0) throw badRequest('messages must be a non-empty list');
  const user = messages
    .filter(
      (m): m is { content: unknown } =>
        typeof m === 'object' && m !== null && (m as { role?: unknown }).role === 'user',
    )
    .at(-1);
  if (!user) throw badRequest('messages has no user message');
  if (typeof user.content === 'string') return user.content;
  if (Array.isArray(user.content)) {
    return user.content
      .map((part: unknown) =>
        typeof part === 'object' && part !== null && typeof (part as { text?: unknown }).text === 'string'
          ? (part as { text: string }).text
          : '',
      )
      .join('\n');
  }
  throw badRequest('the last user message has no text content');
}

// What the stand-in server answers: a model-like reply wrapping a candidate program, in the
// chat-completions shape vLLM returns.
import { randomBytes } from 'node:crypto';

/**
 * A short sentence and the program in a fenced block, such that `extractCode(reply, 'python')`
 * returns `code` exactly (for a program ending in one newline, as every candidate does).
 */
export function replyContent(code: string): string {
  // A fence longer than any backtick run inside the program can never be closed by it.
  const longestRun = Math.max(0, ...(code.match(/`+/g) ?? []).map((r) => r.length));
  const fence = '`'.repeat(Math.max(3, longestRun + 1));
  const body = code.endsWith('\n') ? code : `${code}\n`;
  return `Here is a complete solution.\n\n${fence}python\n${body}${fence}\n`;
}

// The engines count tokens; four characters a token is close enough for a stand-in. It is the
// toy policy's tokenizer: the in-process backend reports the same counts.
export const roughTokens = (s: string): number => Math.ceil(s.length / 4);

/**
 * A chat completion as vLLM returns it: `usage` is the request's, summed over its choices; a
 * choice carries its own `token_ids` only when the request asked (`return_token_ids: true`).
 */
export function chatCompletion(
  model: string,
  prompt: string,
  contents: readonly string[],
  options: { tokenIds?: boolean } = {},
): object {
  const completionTokens = contents.reduce((sum, c) => sum + roughTokens(c), 0);
  return {
    id: `chatcmpl-${randomBytes(16).toString('hex')}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: contents.map((content, index) => ({
      index,
      message: { role: 'assistant', content },
      logprobs: null,
      finish_reason: 'stop',
      // Stand-in ids: only their count means anything.
      ...(options.tokenIds && { token_ids: Array.from({ length: roughTokens(content) }, (_, t) => t) }),
    })),
    usage: {
      prompt_tokens: roughTokens(prompt),
      completion_tokens: completionTokens,
      total_tokens: roughTokens(prompt) + completionTokens,
    },
  };
}

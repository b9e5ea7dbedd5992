import { expect, it } from 'vitest';
import { z } from 'zod';
import { appEnv } from './app-env';

const schema = z.object({ PORT: z.coerce.number().int().min(1).default(3000), NAME: z.string().optional() });

it('parses once and keeps the result', () => {
  const source: Record<string, string> = { PORT: '8080' };
  const env = appEnv('@frontier/test', schema, source);
  expect(env()).toEqual({ PORT: 8080 });
  source.PORT = '9090';
  expect(env().PORT).toBe(8080);
});

it('names the app and every bad variable', () => {
  const env = appEnv('@frontier/test', schema, { PORT: 'zero', NAME: undefined });
  expect(() => env()).toThrow(/^invalid environment for @frontier\/test: PORT: /);
});

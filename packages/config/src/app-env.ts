import type { z } from 'zod';

type Source = Readonly<Record<string, string | undefined>>;

/**
 * How every app reads its environment: `export const env = appEnv('@frontier/x', schema)` in its
 * one env module, and nothing else reads process.env. Parsed on the first call (each app calls it
 * at start-up), then kept; a bad value fails with a message that names the variable.
 */
export function appEnv<S extends z.ZodType>(app: string, schema: S, source: Source = process.env): () => z.output<S> {
  let parsed: { value: z.output<S> } | undefined;
  return () => {
    if (parsed === undefined) {
      const result = schema.safeParse(source);
      if (!result.success) {
        const issues = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
        throw new Error(`invalid environment for ${app}: ${issues}`);
      }
      parsed = { value: result.data };
    }
    return parsed.value;
  };
}

/**
 * A lookup of secrets by the environment variable a setting names (e.g. a study's API key
 * variable), for the app's env module to hand to the code that needs one. The names are only
 * known at run time, so they cannot be in the app's schema; an empty value counts as unset.
 */
export function environmentSecrets(source: Source = process.env): (name: string) => string | undefined {
  return (name) => {
    const value = source[name];
    return value === undefined || value === '' ? undefined : value;
  };
}

import { z } from 'zod';

// What imported files may say, checked before anything reaches Postgres: text there cannot hold
// a NUL (an import would end in a database error), ids and names are one printable line of
// bounded length (a 20 MB title was stored), and numbers fit their int4 columns. Each refusal
// names the field; the readers add the line or record.

/** The largest value of an int4 column. */
export const INT4_MAX = 2 ** 31 - 1;

export const IMPORT_LIMITS = { id: 200, title: 500, platform: 64 } as const;

const CONTROL = /^[^\p{Cc}]*$/u;

/** An id or a name: one line of printable text, `min`..`max` characters. */
export function importedLine(max: number, min = 0) {
  return z
    .string()
    .min(min, min === 1 ? 'must not be empty' : `must have at least ${min} characters`)
    .max(max, `must be at most ${max} characters`)
    .regex(CONTROL, 'must not contain control characters (NUL, tabs, line breaks)');
}

/** Longer text kept as it is (a response): anything but NUL, which Postgres text cannot hold. */
export const importedText = z.string().regex(/^[^\0]*$/, 'must not contain NUL bytes');

/** A whole number from 0 up to what an int4 column holds. */
export const importedCount = z.int().min(0).max(INT4_MAX, `must be at most ${INT4_MAX}`);

import type { z } from 'zod';

/** `['entries', 2, 'alpha']` -> `entries[2].alpha` */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'string') {
    const shown = value.length > 40 ? `${value.slice(0, 40)}...` : value;
    return `string ${JSON.stringify(shown)}`;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return `${typeof value} ${String(value)}`;
  return typeof value;
}

/**
 * Turns the first Zod issue into a field name and a short human detail. Zod's own messages
 * ("Invalid input: expected boolean, received string") say less than we know: we have the input.
 */
export function describeIssue(issue: z.core.$ZodIssue, root: unknown): { field: string | undefined; detail: string } {
  const path = issue.path;
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((k) => JSON.stringify(k)).join(', ');
    const prefix = fieldPath(path);
    return {
      field: prefix === '' ? undefined : prefix,
      detail: `unknown field${issue.keys.length > 1 ? 's' : ''} ${keys}`,
    };
  }
  const field = path.length === 0 ? undefined : fieldPath(path);
  const value = valueAt(root, path);
  if (issue.code === 'invalid_type') {
    if (value === undefined) return { field, detail: 'missing (required)' };
    if (issue.expected === 'number' && typeof value === 'number')
      return { field, detail: `expected a finite number, got ${value}` };
    return { field, detail: `expected ${issue.expected}, got ${describeValue(value)}` };
  }
  if (issue.code === 'invalid_value') {
    const allowed = issue.values.map((v) => JSON.stringify(v)).join(', ');
    return { field, detail: `expected one of ${allowed}, got ${describeValue(value)}` };
  }
  return { field, detail: `${issue.message}${value === undefined ? '' : `, got ${describeValue(value)}`}` };
}

import { describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));
const { malformedEscape } = await import('./proxy');

describe('malformedEscape', () => {
  it.each([
    ['/api/studies/%ff', '%ff'],
    ['/studies/%zz/x', '%zz'],
    ['/studies/1/problems/%e2%82', '%e2%82'],
    ['/s/%', '%'],
  ])('finds the escape that does not decode in %s', (path, escape) => {
    expect(malformedEscape(path)).toBe(escape);
  });

  it.each([['/studies/1'], ['/api/studies/My%20study'], ['/studies/%E2%82%AC']])('passes %s', (path) => {
    expect(malformedEscape(path)).toBeUndefined();
  });
});

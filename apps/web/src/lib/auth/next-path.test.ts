import { describe, expect, it } from 'vitest';
import { safeNextPath } from './next-path';

describe('safeNextPath', () => {
  it('keeps a path of this app, normalised', () => {
    expect(safeNextPath('/studies/3?alpha=0.5#x')).toBe('/studies/3?alpha=0.5#x');
    expect(safeNextPath('/studies/../admin')).toBe('/admin');
  });

  it.each([
    ['//evil.example/x'],
    ['/\\evil.example/x'],
    ['/\\localhost:9/x'],
    ['/\t/localhost:9/x'], // `?next=/%09/localhost:9/x` once the query string is decoded
    ['/\n/evil.example'],
    ['\\\\evil.example'],
    ['https://evil.example/'],
    ['javascript:alert(1)'],
    ['evil.example'],
    [''],
    [`/${'a'.repeat(3000)}`],
  ])('sends %j home', (next) => {
    expect(safeNextPath(next)).toBe('/');
  });

  it('sends anything but a string home', () => {
    expect(safeNextPath(['/a', '/b'])).toBe('/');
    expect(safeNextPath(undefined)).toBe('/');
  });
});

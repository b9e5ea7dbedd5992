import { expect, it } from 'vitest';
import { embedFrameAncestors, embedOriginsSchema } from './embed-origins';

it('unset or blank allows any site', () => {
  expect(embedOriginsSchema.parse(undefined)).toBeNull();
  expect(embedOriginsSchema.parse('  ')).toBeNull();
  expect(embedFrameAncestors(null)).toBe('*');
});

it('splits on spaces and commas and keeps origins as CSP writes them', () => {
  const origins = embedOriginsSchema.parse('https://Wiki.Lab.example, http://localhost:8080  https://*.notion.site');
  expect(origins).toEqual(['https://wiki.lab.example', 'http://localhost:8080', 'https://*.notion.site']);
  expect(embedFrameAncestors(origins)).toBe('https://wiki.lab.example http://localhost:8080 https://*.notion.site');
});

it('refuses what is not an origin, naming it', () => {
  for (const bad of ['wiki.lab.example', 'https://a.example/path', "'none'", 'ftp://a.example', 'https://a.example;']) {
    const r = embedOriginsSchema.safeParse(`https://ok.example ${bad}`);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toContain(JSON.stringify(bad));
  }
});

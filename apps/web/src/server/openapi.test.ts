import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { API, type ApiRoute } from './api-routes';
import { buildOpenApiDocument } from './openapi';

const apiDir = fileURLToPath(new URL('../app/api', import.meta.url));
const doc = buildOpenApiDocument();

/** Every route file under app/api as (method, OpenAPI path), Better Auth's catch-all aside. */
function routeFiles(): { method: string; path: string; file: string }[] {
  const files = readdirSync(apiDir, { recursive: true, encoding: 'utf8' }).filter(
    (f) => f.endsWith(`${sep}route.ts`) || f === 'route.ts',
  );
  return files.flatMap((file) => {
    const dir = relative(apiDir, join(apiDir, file, '..'))
      .split(sep)
      .filter(Boolean);
    if (dir[0] === 'auth') return [];
    const path = ['/api', ...dir.map((seg) => seg.replace(/^\[(\w+)\]$/, '{$1}'))].join('/');
    const source = readFileSync(join(apiDir, file), 'utf8');
    return [...source.matchAll(/export const (GET|POST|DELETE|PUT|PATCH)\b/g)].map((m) => ({
      method: m[1]!,
      path,
      file,
    }));
  });
}

type Operation = {
  security?: unknown[];
  requestBody?: {
    required?: boolean;
    content: Record<string, { schema?: { $ref?: string; properties?: object; required?: string[] } }>;
  };
  responses: Record<string, unknown>;
};
const operationOf = (method: string, path: string) =>
  (doc.paths?.[path] as Record<string, Operation> | undefined)?.[method.toLowerCase()];

describe('the OpenAPI document', () => {
  it('describes every route file, and the route table declares each', () => {
    const routes = routeFiles();
    expect(routes).toContainEqual(expect.objectContaining({ method: 'GET', path: '/api/openapi.json' }));
    expect(routes).toContainEqual(expect.objectContaining({ method: 'DELETE', path: '/api/shares/{token}' }));
    const table = Object.values(API as Record<string, ApiRoute>);
    const missing = routes.filter(
      ({ method, path }) => !operationOf(method, path) || !table.some((r) => r.method === method && r.path === path),
    );
    expect(missing.map((r) => `${r.method} ${r.path} (${r.file})`)).toEqual([]);
  });

  it('has every table entry with its security', () => {
    for (const [name, route] of Object.entries(API as Record<string, ApiRoute>)) {
      const op = operationOf(route.method, route.path) as
        (Operation & { operationId?: string; 'x-frontier-access'?: string }) | undefined;
      expect(op, name).toBeDefined();
      expect(op!.operationId).toBe(name);
      expect(op!['x-frontier-access']).toBe(route.access);
      expect(op!.security, name).toEqual(route.access === 'public' ? [] : [{ bearerAuth: [] }, { sessionCookie: [] }]);
    }
    expect(Object.keys(doc.components?.securitySchemes ?? {}).sort()).toEqual(['bearerAuth', 'sessionCookie']);
  });

  it('describes evaluate: a JSON body with alphas, 202 and 429, bearer auth', () => {
    const op = operationOf('POST', '/api/studies/{id}/evaluate')!;
    expect(op.requestBody?.required).toBe(true);
    const schema = op.requestBody!.content['application/json']!.schema!;
    expect(schema.properties).toHaveProperty('alphas');
    expect(schema.required).toContain('alphas');
    expect(Object.keys(op.responses)).toEqual(
      expect.arrayContaining(['202', '400', '401', '403', '404', '429', '503']),
    );
    expect(op.security).toContainEqual({ bearerAuth: [] });
  });

  it('documents 507 for a full disk on the import, and only on writes', () => {
    expect(Object.keys(operationOf('POST', '/api/imports')!.responses)).toEqual(
      expect.arrayContaining(['201', '413', '415', '507']),
    );
    expect(operationOf('GET', '/api/studies')!.responses).not.toHaveProperty('507');
  });

  it('describes every success body: a JSON schema, or the media types of a download', () => {
    for (const [name, route] of Object.entries(API as Record<string, ApiRoute>)) {
      const op = operationOf(route.method, route.path) as {
        responses: Record<string, { content?: Record<string, { schema?: object }> }>;
      };
      for (const status of route.success ?? [200]) {
        const content = op.responses[status]?.content ?? {};
        expect(Object.keys(content), `${name} ${status}`).toEqual(
          route.produces ? [...route.produces] : ['application/json', ...(route.gzip ? ['application/gzip'] : [])],
        );
        for (const [type, media] of Object.entries(content))
          expect(media.schema, `${name} ${status} ${type}`).toBeDefined();
      }
    }
    // Shapes several routes share are components, referred to by name.
    const list = operationOf('GET', '/api/jobs')!.responses['200'] as {
      content: { 'application/json': { schema: { properties: { jobs: { items: unknown } } } } };
    };
    expect(list.content['application/json'].schema.properties.jobs.items).toEqual({
      $ref: '#/components/schemas/JobSummary',
    });
    expect(Object.keys(doc.components?.schemas ?? {})).toEqual(
      expect.arrayContaining(['Error', 'StudySummary', 'StudyData', 'JobSummary', 'TriageRecord']),
    );
  });

  it('leaves health public', () => {
    const op = operationOf('GET', '/api/health')!;
    expect(op.security).toEqual([]);
    expect(op.responses).not.toHaveProperty('401');
  });

  it('writes regex patterns without flags, each a valid ECMA-262 pattern', () => {
    const patterns = [...JSON.stringify(doc).matchAll(/"pattern":("(?:[^"\\]|\\.)*")/g)].map(
      (m) => JSON.parse(m[1]!) as string,
    );
    expect(patterns).toContain('^[^\\p{Cc}]*$');
    for (const pattern of patterns) expect(() => new RegExp(pattern, 'u'), pattern).not.toThrow();
  });

  it('is plain JSON (what the route sends)', () => {
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
    expect(doc.openapi).toBe('3.1.0');
  });
});

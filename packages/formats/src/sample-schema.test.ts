import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { VERDICTS } from '@frontier/core';
import { jsonlSampleSchema, jsonlTestSchema } from './sample-schema';

interface JsonSchemaObject {
  required?: string[];
  properties: Record<string, { enum?: unknown[]; $ref?: string; items?: JsonSchemaObject; type?: string }>;
  additionalProperties?: boolean;
  $defs?: Record<string, { enum: unknown[] }>;
}

const jsonSchema = JSON.parse(
  readFileSync(new URL('../schema/sample.schema.json', import.meta.url), 'utf8'),
) as JsonSchemaObject & { $schema: string };

function zodKeys(schema: z.ZodObject): { properties: string[]; required: string[] } {
  const properties = Object.keys(schema.shape).sort();
  const required = properties.filter((key) => !schema.shape[key]!.safeParse(undefined).success);
  return { properties, required };
}

function jsonKeys(schema: JsonSchemaObject): { properties: string[]; required: string[] } {
  return { properties: Object.keys(schema.properties).sort(), required: [...(schema.required ?? [])].sort() };
}

describe('schema/sample.schema.json', () => {
  it('is draft 2020-12 and closed to unknown fields, like the Zod schema', () => {
    expect(jsonSchema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(jsonSchema.additionalProperties).toBe(false);
    expect(jsonSchema.properties.tests!.items!.additionalProperties).toBe(false);
  });

  it('has the same properties and required fields as the Zod schema', () => {
    expect(jsonKeys(jsonSchema)).toEqual(zodKeys(jsonlSampleSchema));
    expect(jsonKeys(jsonSchema.properties.tests!.items!)).toEqual(zodKeys(jsonlTestSchema));
  });

  it('has the same enums as the Zod schema', () => {
    const fromZod = z.toJSONSchema(jsonlSampleSchema) as unknown as JsonSchemaObject;
    for (const [key, prop] of Object.entries(fromZod.properties)) {
      if (prop.enum)
        expect(jsonSchema.properties[key]!.enum ?? jsonSchema.$defs!.verdict!.enum, key).toEqual(prop.enum);
    }
    expect(jsonSchema.$defs!.verdict!.enum).toEqual([...VERDICTS]);
  });
});

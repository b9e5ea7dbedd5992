import { z } from 'zod';

// The body of every API error, whatever the route: what the server sends (server/error-response.ts),
// what the OpenAPI document names `Error`, and what the browser reads the message from.

export const apiErrorSchema = z
  .strictObject({
    error: z.strictObject({
      message: z.string().meta({ description: 'What went wrong and what to do about it, for people' }),
      issues: z
        .array(
          z.strictObject({
            path: z.string().meta({ description: 'Where, e.g. "query.difficulty" or "body.alphas"' }),
            message: z.string(),
          }),
        )
        .optional()
        .meta({ description: 'One entry per invalid input (400 only)' }),
    }),
  })
  .meta({ id: 'Error', description: 'Every API error has this shape' });

export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

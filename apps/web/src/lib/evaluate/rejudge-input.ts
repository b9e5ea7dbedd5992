import { z } from 'zod';
import { evaluateBodySchema } from './alpha-input';

// POST /api/studies/:id/rejudge body: which checkpoints (alphas, as the evaluate route takes them)
// and problems (benchmark ids) to judge again, and whether to run even programs whose result from
// this judge version is stored. The study's own alphas and problems are checked by the data layer.
export const rejudgeBodySchema = z.strictObject({
  alphas: evaluateBodySchema.shape.alphas.optional().meta({
    description: 'Only the checkpoints at these alphas, e.g. "0.5, 1"; every checkpoint when absent',
  }),
  problems: z
    .array(z.string().trim().min(1, 'must not be empty').max(200, 'is too long'))
    .max(10_000, 'at most 10,000 problems')
    .optional()
    .meta({ description: 'Only these problems, by benchmark id; every problem when absent' }),
  force: z
    .boolean({ error: 'must be true or false' })
    .optional()
    .meta({ description: 'Run every program again, even where a result of this judge version is stored' }),
});

export type RejudgeBody = z.infer<typeof rejudgeBodySchema>;

import { NextResponse } from 'next/server';
import { evaluateBodySchema } from '@/lib/alpha-input';
import { studyParamsSchema } from '@/lib/study-id';
import { evaluate } from '@/server/jobs';
import { withRoute } from '@/server/route';

// POST /api/studies/:id/evaluate - queues merge -> generate -> judge -> aggregate for each alpha of `{ alphas: "2.5, 3" }`
export const POST = withRoute({ params: studyParamsSchema, body: evaluateBodySchema }, async ({ params, body }) =>
  NextResponse.json(await evaluate(params.id, body.alphas), { status: 202 }),
);

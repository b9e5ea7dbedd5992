import { NextResponse } from 'next/server';
import { createShareSchema } from '@/lib/share';
import { HttpError } from '@/server/http-error';
import { withRoute } from '@/server/route';
import { createShare } from '@/server/shares';

// POST /api/shares - pin a view ({ studyId, view: path + query }) to a snapshot; returns { token, url }
export const POST = withRoute({}, async ({ request }) => {
  const body: unknown = await request.json().catch(() => {
    throw new HttpError(400, 'the request body must be JSON: { "studyId": number, "view": "/studies/<id>?…" }');
  });
  const parsed = createShareSchema.safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: ['body', ...i.path.map(String)].join('.'), message: i.message }));
    throw new HttpError(400, `invalid body '${issues[0]!.path.slice(5)}': ${issues[0]!.message}`, issues);
  }
  return NextResponse.json(await createShare(parsed.data.studyId, parsed.data.view), { status: 201 });
});

import Link from 'next/link';
import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { EvaluateAlpha } from '@/components/evaluate/evaluate-alpha';
import { EvaluateStatus } from '@/components/evaluate/evaluate-status';
import { EvaluateSubmissionsProvider } from '@/components/evaluate/evaluate-submissions';
import { ImportResults } from '@/components/import/import-results';
import { IfCan } from '@/components/if-can';
import { PipelineStatus } from '@/components/jobs/pipeline-status';
import { hasOriginBanner, OriginBadge, OriginBanner } from '@/components/origin-notice';
import { StudyDescription } from '@/components/study-description';
import { StudyTabs } from '@/components/study-tabs';
import { studyIdSchema } from '@/lib/study/study-id';
import { HttpError } from '@/server/http-error';
import { studyEvaluation } from '@/server/jobs';
import { getStudy } from '@/server/studies';

async function findStudy(rawId: string) {
  const id = studyIdSchema.safeParse(rawId);
  if (!id.success) notFound();
  try {
    return await getStudy(id.data);
  } catch (err) {
    if (err instanceof HttpError && err.status === 404) notFound();
    throw err;
  }
}

// The study's header: name, a one-line description and origin, the toolbar (evaluate, import),
// the tabs and a one-line pipeline status, kept short so each tab's first plot is on the first
// screen. It renders before the page's loading fallback starts streaming, so an unknown id still
// gets a real 404 status, and the name shows while the frontier loads.
export default async function StudyLayout({ params, children }: LayoutProps<'/studies/[id]'>) {
  const study = await findStudy((await params).id);
  return (
    <EvaluateSubmissionsProvider>
      <header className="study-head">
        <div className="title-row">
          <Link href="/" className="back-link" title="All studies">
            ← Studies
          </Link>
          <h1 data-testid="study-name">{study.name}</h1>
          {!hasOriginBanner(study.origin) && <OriginBadge origin={study.origin} />}
        </div>
        <div className="study-toolbar">
          <IfCan access="write">
            <EvaluateAlpha studyId={study.id} settings={await studyEvaluation(study.id)} />
          </IfCan>
          <ImportResults studyId={study.id} studyName={study.name} />
        </div>
      </header>
      {study.description && <StudyDescription text={study.description} />}
      <OriginBanner origin={study.origin} />
      <div className="study-nav">
        <Suspense>
          <StudyTabs studyId={study.id} />
        </Suspense>
        <div className="study-nav-status">
          <IfCan access="write">
            <EvaluateStatus studyId={study.id} />
          </IfCan>
          <PipelineStatus studyId={study.id} />
        </div>
      </div>
      {children}
    </EvaluateSubmissionsProvider>
  );
}

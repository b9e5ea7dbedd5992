import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { Loading } from '@/components/status';
import { TriageView } from '@/components/triage/triage-view';
import { studyIdSchema } from '@/lib/study/study-id';

export const metadata: Metadata = { title: 'Triage' };

// Triage of two checkpoints (?a=&b=, filters). Everything is computed in the browser from the
// study's columnar data; the layout above has already answered 404 for an unknown study.
export default async function TriagePage(props: PageProps<'/studies/[id]/triage'>) {
  const id = studyIdSchema.safeParse((await props.params).id);
  if (!id.success) notFound();
  return (
    <Suspense fallback={<Loading what="the triage" />}>
      <TriageView studyId={id.data} />
    </Suspense>
  );
}

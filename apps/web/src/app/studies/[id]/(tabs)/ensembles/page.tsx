import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { EnsemblesView } from '@/components/ensembles/ensembles-view';
import { Loading } from '@/components/status';
import { studyIdSchema } from '@/lib/study/study-id';

export const metadata: Metadata = { title: 'Ensembles' };

// Ensembles at a matched budget (?c=&budget=&alloc=, filters), computed in the browser from the
// study's columnar data; the layout above has already answered 404 for an unknown study.
export default async function EnsemblesPage(props: PageProps<'/studies/[id]/ensembles'>) {
  const id = studyIdSchema.safeParse((await props.params).id);
  if (!id.success) notFound();
  return (
    <Suspense fallback={<Loading what="the ensembles" />}>
      <EnsemblesView studyId={id.data} />
    </Suspense>
  );
}

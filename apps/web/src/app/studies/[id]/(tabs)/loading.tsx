import { Loading } from '@/components/status';

// The study's tabs stream behind this fallback. The problem page sits outside the (tabs) group
// on purpose: a fallback sends the status line before the page runs, so a page under it that
// finds no such problem could only answer 200 with the not-found message, never a 404.
export default function StudyLoading() {
  return <Loading what="the study" />;
}

import { Loading } from '@/components/status';

export default function StudyLoading() {
  return <Loading what="the study" />;
}

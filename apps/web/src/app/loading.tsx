import { Loading } from '@/components/status';

export default function PageLoading() {
  return <Loading what="studies" />;
}

import Link from 'next/link';

export default function StudyNotFound() {
  return (
    <div className="state" data-testid="not-found">
      <strong>No such study</strong>
      The study may have been deleted, or the link is mistyped. <Link href="/">See all studies</Link>.
    </div>
  );
}

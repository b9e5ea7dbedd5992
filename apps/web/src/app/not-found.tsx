import Link from 'next/link';

export default function NotFound() {
  return (
    <div className="state" data-testid="not-found">
      <strong>Page not found</strong>
      <Link href="/">Go to the studies list</Link>.
    </div>
  );
}

import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { offlineHref } from './offline-links';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  href: string | { pathname?: string; search?: string };
  children?: ReactNode;
  prefetch?: boolean | null;
  replace?: boolean;
  scroll?: boolean;
};

/** next/link in the offline copy: a plain anchor (see offline-links.ts); text where it cannot go. */
export default function Link({ href, children, prefetch: _p, replace: _r, scroll: _s, ...rest }: Props) {
  const raw = typeof href === 'string' ? href : `${href.pathname ?? ''}${href.search ?? ''}`;
  const to = offlineHref(raw);
  if (to === null)
    return (
      <span {...(rest as object)} title="Needs the live study: not part of this offline copy">
        {children}
      </span>
    );
  const external = !to.startsWith('#');
  return (
    <a {...rest} href={to} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {children}
    </a>
  );
}

// next/navigation in the offline copy. Shared views keep their state in a local location (see
// components/share/view-location.tsx); what is left is the copy's hash and links to the live site.
import { followOffline } from './offline-links';

let viewPath = '/';

/** The pinned view's path: what usePathname answers (a study tab reads it for its links). */
export function setViewPath(path: string): void {
  viewPath = path;
}

export const usePathname = (): string => viewPath;

export const useSearchParams = (): URLSearchParams => new URLSearchParams();

const router = {
  push: (href: string) => followOffline(href),
  replace: (href: string) => followOffline(href),
  back: () => window.history.back(),
  forward: () => window.history.forward(),
  refresh: () => undefined,
  prefetch: () => undefined,
};

export const useRouter = () => router;

export function notFound(): never {
  throw new Error('not found');
}

export function redirect(href: string): never {
  followOffline(href);
  throw new Error(`redirected to ${href}`);
}

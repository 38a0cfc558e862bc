import type { ReactNode } from 'react';
import { SiteLink, useShell } from '@site/ui';

/**
 * A link to a file of the backend's media (`/media/...`), served through the API base like images. SiteLink would
 * treat such a path as a page and add the locale prefix (`/en/media/...`), so media files get a plain document
 * link; any other target still goes through SiteLink. (A gap of SiteLink: it belongs in shared-ui.)
 */
export function MediaFileLink({ href, children }: { href: string; children: ReactNode }) {
  const shell = useShell();
  if (href.startsWith('/media/')) return <a href={shell.imageUrl(href)}>{children}</a>;
  return <SiteLink href={href}>{children}</SiteLink>;
}

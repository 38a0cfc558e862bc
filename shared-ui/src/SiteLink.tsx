import type { AnchorHTMLAttributes, MouseEvent, ReactNode, Ref } from 'react';
import { Link } from 'react-router-dom';
import { useShell } from './shell-context';
import { classifyHref, scrollToHash, servedAsDocument } from './links';

export interface SiteLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  href: string;
  children: ReactNode;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * The one link every team uses: a target not starting with http is internal and gets a localised
 * path; mailto and tel open in the same tab; http opens a new tab unless it is the product's own older host;
 * a hash scrolls within the page.
 */
export function SiteLink({ href, children, onClick, ...rest }: SiteLinkProps) {
  const shell = useShell();
  const kind = classifyHref(href, shell.ownLegacyHosts);
  switch (kind) {
    case 'internal': {
      // Files the content backend serves (documents, images) are not pages of either locale: a plain link to
      // where the API serves them, so the router never turns them into a 'Not Found' page.
      if (/^\/media\//.test(href)) {
        return (
          <a href={shell.imageUrl(href)} onClick={onClick} {...rest}>
            {children}
          </a>
        );
      }
      const to = shell.localePath(href);
      // Routes the server answers itself (a redirect, the feeds and calendar files) need a document request.
      const reloadDocument = servedAsDocument(to);
      return (
        <Link to={to} reloadDocument={reloadDocument} onClick={onClick} {...rest}>
          {children}
        </Link>
      );
    }
    case 'hash':
      return (
        <a
          href={href}
          onClick={(event: MouseEvent<HTMLAnchorElement>) => {
            onClick?.(event);
            if (!event.defaultPrevented && scrollToHash(href)) {
              event.preventDefault();
              window.history.pushState(window.history.state, '', href);
            }
          }}
          {...rest}
        >
          {children}
        </a>
      );
    case 'external':
      return (
        <a href={href} target="_blank" rel="noopener noreferrer" onClick={onClick} {...rest}>
          {children}
        </a>
      );
    default:
      return (
        <a href={href} onClick={onClick} {...rest}>
          {children}
        </a>
      );
  }
}

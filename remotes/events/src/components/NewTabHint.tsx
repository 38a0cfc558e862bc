import { FormattedMessage } from 'react-intl';
import { classifyHref, useShell, VisuallyHidden } from '@site/ui';

/**
 * Tells screen-reader users that a link opens a new tab (SiteLink opens external http links in one), so the
 * change of context is not a surprise (WCAG G201).
 */
export function NewTabHint({ href }: { href: string }) {
  const shell = useShell();
  if (classifyHref(href, shell.ownLegacyHosts) !== 'external') return null;
  return (
    <VisuallyHidden>
      {' '}
      <FormattedMessage id="events.opensInNewTab" />
    </VisuallyHidden>
  );
}

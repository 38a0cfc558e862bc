import type { SvedenValue as Value } from '@site/contracts';
import { SiteLink, useShell } from '@site/ui';

/**
 * One item's value with its microdata name on the innermost element, as the format of Rosobrnadzor order No. 1493
 * expects: a link (`<a itemprop="ustavDocLink" href>`), a date (`<time itemprop="regDate" datetime>`) or text.
 * Documents (`/media/…`) are reached through the same-origin media path.
 */
export function SvedenValue({ value, itemprop }: { value: Value; itemprop?: string | undefined }) {
  const shell = useShell();
  if (value.href) {
    const href = value.href.startsWith('/media/') ? shell.imageUrl(value.href) : value.href;
    return (
      <SiteLink href={href} itemProp={itemprop}>
        {value.text}
      </SiteLink>
    );
  }
  if (value.datetime) {
    return (
      <time itemProp={itemprop} dateTime={value.datetime}>
        {value.text}
      </time>
    );
  }
  return <span itemProp={itemprop}>{value.text}</span>;
}

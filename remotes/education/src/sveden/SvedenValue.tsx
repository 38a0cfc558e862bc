import type { SvedenValue as Value } from '@site/contracts/education';
import { SiteLink } from '@site/ui';

/**
 * One item's value with its microdata name on the innermost element, as the format of Rosobrnadzor order No. 1493
 * expects: a link (`<a itemprop="ustavDocLink" href>`), a date (`<time itemprop="regDate" datetime>`) or text.
 * Documents (`/media/…`) are plain links to where the API serves them (SiteLink maps the path).
 */
export function SvedenValue({ value, itemprop }: { value: Value; itemprop?: string | undefined }) {
  if (value.href) {
    return (
      <SiteLink href={value.href} itemProp={itemprop}>
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

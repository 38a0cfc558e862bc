import type { SvedenCell, SvedenItemprop, SvedenValue as Value } from '@site/contracts/education';
import { SiteLink } from '@site/ui';
import { itemprop } from './microdata';

/**
 * One item's value with its microdata name on the innermost element, as the recommendations' templates show it: a
 * link (`<a itemprop="ustavDocLink" href>`), a date (`<time itemprop="regDate" datetime>`) or text. A value's own
 * `itemprop` (a table whose every cell is a different item) wins over its column's. Documents (`/media/…`) are plain
 * links to where the API serves them (SiteLink maps the path).
 */
function SvedenValue({ value, name }: { value: Value; name?: SvedenItemprop | undefined }) {
  const microdata = itemprop(value.itemprop ?? name);
  if (value.href) {
    return (
      <SiteLink href={value.href} {...microdata}>
        {value.text}
      </SiteLink>
    );
  }
  if (value.datetime) {
    return (
      <time dateTime={value.datetime} {...microdata}>
        {value.text}
      </time>
    );
  }
  return <span {...microdata}>{value.text}</span>;
}

/** A field's or cell's content: one value, or several (one link per syllabus), each carrying the item's name. */
export function SvedenCellContent({ cell, name }: { cell: SvedenCell; name?: SvedenItemprop | undefined }) {
  if (!Array.isArray(cell)) return <SvedenValue value={cell} name={name} />;
  return (
    <ul>
      {cell.map((value, index) => (
        <li key={index}>
          <SvedenValue value={value} name={name} />
        </li>
      ))}
    </ul>
  );
}

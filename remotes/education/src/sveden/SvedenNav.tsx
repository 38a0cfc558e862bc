import { useIntl } from 'react-intl';
import { styled } from '@linaria/react';
import { SiteLink } from '@site/ui';

const List = styled.ul`
  list-style: none;
  margin: 0 0 2rem;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem 1.25rem;
  a[aria-current='page'] {
    font-weight: 700;
    text-decoration: none;
  }
`;

/** Links to every subsection of the section, the current one marked. */
export function SvedenNav({ items, current }: { items: { id: string; title: string }[]; current: string }) {
  const intl = useIntl();
  return (
    <nav aria-label={intl.formatMessage({ id: 'sveden.nav' })}>
      <List>
        {items.map((item) => (
          <li key={item.id}>
            <SiteLink href={`/sveden/${item.id}`} aria-current={item.id === current ? 'page' : undefined}>
              {item.title}
            </SiteLink>
          </li>
        ))}
      </List>
    </nav>
  );
}

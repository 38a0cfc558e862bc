import { observer } from 'mobx-react-lite';
import { styled } from '@linaria/react';
import { SectionPlacementProvider, type SectionPlacement } from '@site/ui';
import { useStore } from '../stores/contexts';
import { SectionFrame } from '../sections/SectionFrame';
import { ErrorPage } from './ErrorPage';

/** The page's title for assistive technology and the outline; sections show their own visible headings. */
const PageTitle = styled.h1`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
`;

const LEADS: SectionPlacement = { leadsPage: true };
const FOLLOWS: SectionPlacement = { leadsPage: false };

/** The generic content page: the page's sections in order, or the error page when loading failed. */
export const ContentPage = observer(function ContentPage() {
  const { page } = useStore();
  if (page.error) return <ErrorPage error={page.error} />;
  const view = page.current;
  if (!view) return null;
  return (
    <article data-page={view.slug}>
      <PageTitle>{view.title}</PageTitle>
      {view.sections.map((section, index) => (
        <SectionPlacementProvider key={section.descriptor.id} value={index === 0 ? LEADS : FOLLOWS}>
          <SectionFrame view={section} />
        </SectionPlacementProvider>
      ))}
    </article>
  );
});

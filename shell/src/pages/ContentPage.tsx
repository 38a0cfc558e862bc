import { observer } from 'mobx-react-lite';
import { styled } from '@linaria/react';
import { useStore } from '../app/contexts';
import { SectionFrame } from '../sections/SectionFrame';
import { ErrorPage } from './ErrorPage';

export const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;

/** The generic content page: the page's sections in order, or the error page when loading failed. */
export const ContentPage = observer(function ContentPage() {
  const { page } = useStore();
  if (page.error) return <ErrorPage error={page.error} />;
  const view = page.current;
  if (!view) return null;
  return (
    <article data-page={view.slug}>
      <h1>
        <VisuallyHidden>{view.title}</VisuallyHidden>
      </h1>
      {view.sections.map((section) => (
        <SectionFrame key={section.descriptor.id} view={section} />
      ))}
    </article>
  );
});

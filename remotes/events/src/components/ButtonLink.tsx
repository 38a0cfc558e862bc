import { styled } from '@linaria/react';
import { SiteLink, type SiteLinkProps } from '@site/ui';

/**
 * A link that looks like the design system's Button: navigation stays a link for assistive technology and works
 * without scripts, while it reads as the call to action. (A generic primitive: it belongs in shared-ui.)
 */
const ButtonLook = styled.span`
  display: inline-block;
  a {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: 0.5rem;
    min-height: 44px;
    padding: 0.6rem 1.4rem;
    border: 2px solid var(--site-accent);
    border-radius: 2rem;
    background: var(--site-accent);
    color: var(--site-accent-text);
    font-weight: 600;
    text-decoration: none;
  }
  a:hover {
    text-decoration: underline;
  }
  &[data-variant='secondary'] a {
    background: transparent;
    color: inherit;
    border-color: currentColor;
  }
`;

export function ButtonLink({ variant = 'primary', ...linkProps }: SiteLinkProps & { variant?: 'primary' | 'secondary' }) {
  return (
    <ButtonLook data-variant={variant}>
      <SiteLink {...linkProps} />
    </ButtonLook>
  );
}

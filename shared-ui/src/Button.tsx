import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { styled } from '@linaria/react';
import { classifyHref } from './links';
import { useShell } from './shell-context';
import { SiteLink, type SiteLinkProps } from './SiteLink';
import { VisuallyHidden } from './typography';

/** The button look, shared by buttons and button-styled links: a 44 px target in the accent colour, or outlined. */
const BUTTON_LOOK = `
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
  font: inherit;
  font-weight: 600;
`;

const SECONDARY_LOOK = `
  background: transparent;
  color: inherit;
  border-color: currentColor;
`;

const Base = styled.button`
  ${BUTTON_LOOK}
  cursor: pointer;
  &[data-variant='secondary'] {
    ${SECONDARY_LOOK}
  }
  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary';
}

export function Button({ variant = 'primary', type = 'button', ...rest }: ButtonProps) {
  return <Base type={type} data-variant={variant} {...rest} />;
}

// The link keeps SiteLink's behaviour (localised path, router, new tab); the wrapper gives it the button's look.
const ButtonLook = styled.span`
  display: inline-block;
  a {
    ${BUTTON_LOOK}
    text-decoration: none;
  }
  a:hover {
    text-decoration: underline;
  }
  &[data-variant='secondary'] a {
    ${SECONDARY_LOOK}
  }
`;

/**
 * A link that looks like Button: navigation stays a link for assistive technology and works without scripts,
 * while it reads as the call to action.
 */
export function ButtonLink({ variant = 'primary', ...linkProps }: SiteLinkProps & { variant?: 'primary' | 'secondary' }) {
  return (
    <ButtonLook data-variant={variant}>
      <SiteLink {...linkProps} />
    </ButtonLook>
  );
}

/**
 * Tells screen-reader users that a link opens a new tab (SiteLink opens external http links in one), so the change
 * of context is no surprise (WCAG G201). The text is the team's own message; nothing renders for other links.
 */
export function NewTabHint({ href, children }: { href: string; children: ReactNode }) {
  const shell = useShell();
  if (classifyHref(href, shell.ownLegacyHosts) !== 'external') return null;
  return <VisuallyHidden> {children}</VisuallyHidden>;
}

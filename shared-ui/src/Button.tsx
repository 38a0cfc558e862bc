import type { ButtonHTMLAttributes } from 'react';
import { styled } from '@linaria/react';

const Base = styled.button`
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
  cursor: pointer;
  &[data-variant='secondary'] {
    background: transparent;
    color: inherit;
    border-color: currentColor;
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

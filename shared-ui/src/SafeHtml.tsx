import { useMemo } from 'react';
import { styled } from '@linaria/react';
import { useShell } from './shell-context';

const Prose = styled.div`
  max-width: 48rem;
  line-height: 1.6;
  h2,
  h3 {
    line-height: 1.25;
    margin: 1.75rem 0 0.75rem;
  }
  p,
  ul,
  ol {
    margin: 0 0 1rem;
  }
  img {
    border-radius: 0.5rem;
  }
  table {
    border-collapse: collapse;
  }
  td,
  th {
    border: 1px solid var(--site-border);
    padding: 0.35rem 0.6rem;
  }
`;

/** Backend HTML, sanitised by the shell's policy (standard tags plus img and br) before it is rendered. */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const shell = useShell();
  const clean = useMemo(() => shell.sanitizeHtml(html), [shell, html]);
  return <Prose className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}

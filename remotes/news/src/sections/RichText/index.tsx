import type { SectionProps } from '@site/contracts';
import { SafeHtml, SectionTitle, editorTitleOf, titleIdOf } from '@site/ui';

export interface RichTextProps {
  /** Backend HTML: sanitised by the shell's policy before it is rendered. */
  html: string;
  title?: string;
}

/** Links and text only: the server HTML is final, and the browser loads no code for the block on a server-rendered page. */
export const meta = { hydrate: false };

/** An editor's text block. The HTML usually brings its own h2; an editor's title adds one above it. */
export default function RichText({ descriptor }: SectionProps<RichTextProps, undefined>) {
  const html = typeof descriptor.props.html === 'string' ? descriptor.props.html : '';
  const title = editorTitleOf(descriptor);
  if (!html.trim()) {
    // An empty block is an editing slip: the page stays whole, the log says where.
    console.warn(`RichText section "${descriptor.id}" has no html to show`);
  }
  return (
    <div role={title ? 'region' : undefined} aria-labelledby={title ? titleIdOf(descriptor) : undefined}>
      {title && <SectionTitle id={titleIdOf(descriptor)}>{title}</SectionTitle>}
      {html.trim() && <SafeHtml html={html} />}
    </div>
  );
}

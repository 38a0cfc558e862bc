import type { SectionDescriptor } from '@site/contracts';

/**
 * The title an editor gave a section: on the descriptor itself (`title`) or among its props (`props.title`).
 * Undefined when none was given, so the section falls back to its own default text.
 */
export function editorTitleOf(descriptor: SectionDescriptor<object>): string | undefined {
  const fromProps = (descriptor.props as { title?: unknown }).title;
  const title = descriptor.title ?? (typeof fromProps === 'string' ? fromProps : undefined);
  return title?.trim() ? title : undefined;
}

/** The id of a section's h2, for `aria-labelledby` on its region. */
export function titleIdOf(descriptor: SectionDescriptor<object>): string {
  return `${descriptor.id}-title`;
}

import { useEffect, useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import { SectionTitle } from '@site/ui';

/**
 * Ends a form flow: the intake's own message, which promises contact within three business days;
 * our wording of that promise only if the intake sent none. Focus moves here so nobody is left on a vanished form.
 */
export function ThankYou({ message, fallbackId = 'forms.thanksFallback' }: { message: string | null; fallbackId?: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div role="status" data-form-result="sent">
      <SectionTitle ref={heading} tabIndex={-1}>
        <FormattedMessage id="forms.sent.title" />
      </SectionTitle>
      <p>{message ?? <FormattedMessage id={fallbackId} />}</p>
    </div>
  );
}

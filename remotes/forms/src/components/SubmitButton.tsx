import { FormattedMessage } from 'react-intl';
import { Button } from '@site/ui';

/** Stays focusable while sending (aria-disabled rather than disabled), so keyboard focus is not thrown away. */
export function SubmitButton({ sending, labelId = 'forms.submit' }: { sending: boolean; labelId?: string }) {
  return (
    <div>
      <Button type="submit" aria-disabled={sending || undefined}>
        <FormattedMessage id={sending ? 'forms.sending' : labelId} />
      </Button>
    </div>
  );
}

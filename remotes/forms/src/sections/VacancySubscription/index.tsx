import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { styled } from '@linaria/react';
import type { SectionProps } from '@site/contracts';
import { Checkbox, CheckRow, describedBy, fieldIds, Lead, TextInput } from '@site/ui';
import { Field } from '../../components/Field';
import { FormSection } from '../../components/FormSection';
import { FieldError } from '../../components/FieldError';
import { Hint } from '../../components/FormFrame';
import { useFormFlow } from '../../components/use-form-flow';
import type { VacancySubscriptionData } from './load';
import { prepareSubscription } from './validation';

export { load } from './load';
/**
 * Not lazy: a form must validate and send by script as soon as it is shown. A lazy section waits unhydrated until
 * it nears the viewport, and while it waits React holds back the page's client navigations (router transitions).
 */
export const meta = { lazy: false };

const CentreChoices = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 0.25rem;
`;

/** The vacancy mailing list: an email, optionally some centres, and the consent. */
export default function VacancySubscriptionSection({ descriptor, data }: SectionProps<{ title?: string }, VacancySubscriptionData | undefined>) {
  const id = useId();
  const flow = useFormFlow({ endpoint: 'subscriptions/vacancies', captchaAction: 'subscription', prepare: prepareSubscription });
  const centres = data?.centres ?? [];
  const centreIds = fieldIds(id, 'centreIds');
  return (
    <FormSection
      formId={id}
      flow={flow}
      name="subscription"
      title={descriptor.props.title}
      defaultTitleId="forms.subscription.title"
      intro={
        <Lead>
          <FormattedMessage id="forms.subscription.lead" />
        </Lead>
      }
      submitLabelId="forms.subscribe"
      thanksFallbackId="forms.subscription.thanksFallback"
    >
      <Field formId={id} name="email" label={<FormattedMessage id="forms.field.email" />} error={flow.errors.email}>
        {(control) => <TextInput {...control} type="email" autoComplete="email" required />}
      </Field>
      {centres.length > 0 && (
        <fieldset aria-describedby={describedBy(centreIds.hint, flow.errors.centreIds && centreIds.error)}>
          <legend>
            <FormattedMessage id="forms.field.centres" />
          </legend>
          <Hint id={centreIds.hint}>
            <FormattedMessage id="forms.field.centresHint" />
          </Hint>
          <CentreChoices>
            {centres.map((centre) => (
              <li key={centre.id}>
                <CheckRow>
                  <Checkbox name="centreIds" value={centre.id} />
                  {centre.title}
                </CheckRow>
              </li>
            ))}
          </CentreChoices>
          {flow.errors.centreIds && <FieldError id={centreIds.error} error={flow.errors.centreIds} />}
        </fieldset>
      )}
    </FormSection>
  );
}

import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { UPLOAD_FIELD } from '@site/contracts/forms';
import { type SectionProps } from '@site/contracts';
import { SectionTitle, Select, TextArea, usePageQuery } from '@site/ui';
import { ConsentField } from '../../components/ConsentField';
import { Field } from '../../components/Field';
import { PersonFields } from '../../components/PersonFields';
import { FileField } from '../../components/FileField';
import { FormFeedback } from '../../components/FormFeedback';
import { FormFrame, Hint } from '../../components/FormFrame';
import { SubmitButton } from '../../components/SubmitButton';
import { ThankYou } from '../../components/ThankYou';
import { useFormFlow } from '../../components/use-form-flow';
import { subjectId } from '../../navigation/page-query';
import type { ApplicationFormData, ApplicationFormProps } from './load';
import { prepareApplicationForm } from './validation';

export { load } from './load';
/**
 * Not lazy: a form must validate and send by script as soon as it is shown. A lazy section waits unhydrated until
 * it nears the viewport, and while it waits React holds back the page's client navigations (router transitions).
 */
export const meta = { lazy: false, query: ['eventId', 'programId'] };

/**
 * An application to a program or an event, with attachments. The event and the program come from the page's
 * props or its query (`/apply?eventId=…&programId=…`); the visitor may still pick another program.
 */
export default function ApplicationFormSection({ descriptor, data }: SectionProps<ApplicationFormProps, ApplicationFormData | undefined>) {
  const intl = useIntl();
  const id = useId();
  const query = usePageQuery();
  const flow = useFormFlow({ endpoint: 'forms/application', captchaAction: 'application', prepare: prepareApplicationForm });
  if (flow.status.kind === 'sent') return <ThankYou message={flow.status.message} />;

  const eventId = subjectId(query.get('eventId'), descriptor.props.eventId);
  const programId = subjectId(query.get('programId'), descriptor.props.programId);
  const programs = data?.programs ?? null;
  const knownProgram = programs?.some((program) => program.id === programId) ?? false;
  const event = data?.event && data.event.id === eventId ? data.event : null;
  const titleId = `${id}-title`;
  if (data?.eventClosed) {
    return (
      <div>
        <SectionTitle id={titleId}>{descriptor.props.title ?? <FormattedMessage id="forms.application.title" />}</SectionTitle>
        <Hint role="status" data-application-closed={data.eventClosed}>
          <FormattedMessage id={`forms.application.closed.${data.eventClosed}`} values={{ title: data.event?.title ?? '' }} />
        </Hint>
      </div>
    );
  }
  return (
    <div>
      <SectionTitle id={titleId}>{descriptor.props.title ?? <FormattedMessage id="forms.application.title" />}</SectionTitle>
      {event && (
        <Hint>
          <FormattedMessage id="forms.application.event" values={{ title: event.title }} />
        </Hint>
      )}
      <FormFrame
        method="post"
        encType="multipart/form-data"
        noValidate
        onSubmit={flow.onSubmit}
        onChange={flow.onChange}
        aria-labelledby={titleId}
        data-form="application"
      >
        {eventId && <input type="hidden" name="eventId" value={eventId} />}
        <PersonFields formId={id} errors={flow.errors} />
        {programs && programs.length > 0 ? (
          <Field formId={id} name="programId" label={<FormattedMessage id="forms.field.program" />} error={flow.errors.programId}>
            {(control) => (
              // Remounted when the page's programId changes, so the preselection follows the link that was followed.
              <Select {...control} key={programId ?? ''} defaultValue={knownProgram ? programId : ''}>
                <option value="">{intl.formatMessage({ id: 'forms.field.programNone' })}</option>
                {programs.map((program) => (
                  <option key={program.id} value={program.id}>
                    {program.title}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        ) : (
          programId && <input type="hidden" name="programId" value={programId} />
        )}
        <Field formId={id} name="message" label={<FormattedMessage id="forms.field.comment" />} error={flow.errors.message}>
          {(control) => <TextArea {...control} rows={5} />}
        </Field>
        <FileField
          formId={id}
          labelId="forms.field.files"
          error={flow.errors[UPLOAD_FIELD]}
          onProblem={(problem) => flow.setFieldError(UPLOAD_FIELD, problem)}
        />
        <ConsentField formId={id} error={flow.errors.consent} />
        <FormFeedback status={flow.status} invalidFieldCount={flow.invalidFieldCount} />
        <SubmitButton sending={flow.isSending} />
      </FormFrame>
    </div>
  );
}

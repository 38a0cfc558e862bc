import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { UPLOAD_FIELD } from '@site/contracts/forms';
import { type SectionProps } from '@site/contracts';
import { Select, TextArea, usePageQuery } from '@site/ui';
import { Field } from '../../components/Field';
import { FormSection } from '../../components/FormSection';
import { PersonFields } from '../../components/PersonFields';
import { FileField } from '../../components/FileField';
import { Hint } from '../../components/FormFrame';
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

  const eventId = subjectId(query.get('eventId'), descriptor.props.eventId);
  const programId = subjectId(query.get('programId'), descriptor.props.programId);
  const programs = data?.programs ?? null;
  const knownProgram = programs?.some((program) => program.id === programId) ?? false;
  const event = data?.event && data.event.id === eventId ? data.event : null;
  return (
    <FormSection
      formId={id}
      flow={flow}
      name="application"
      title={descriptor.props.title}
      defaultTitleId="forms.application.title"
      withFiles
      unavailable={
        data?.eventClosed ? (
          <Hint role="status" data-application-closed={data.eventClosed}>
            <FormattedMessage id={`forms.application.closed.${data.eventClosed}`} values={{ title: data.event?.title ?? '' }} />
          </Hint>
        ) : undefined
      }
      intro={
        event && (
          <Hint>
            <FormattedMessage id="forms.application.event" values={{ title: event.title }} />
          </Hint>
        )
      }
    >
      {eventId && <input type="hidden" name="eventId" value={eventId} />}
      <PersonFields formId={id} errors={flow.errors} />
      {programs && programs.length > 0 ? (
        <Field formId={id} name="programId" label={<FormattedMessage id="forms.field.program" />} error={flow.errors.programId}>
          {(control) => (
            // Remounted when the page's programId changes, so the preselection follows the link that was followed.
            <Select key={programId ?? ''} {...control} defaultValue={knownProgram ? programId : ''}>
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
      <FileField formId={id} labelId="forms.field.files" error={flow.errors[UPLOAD_FIELD]} onProblem={(problem) => flow.setFieldError(UPLOAD_FIELD, problem)} />
    </FormSection>
  );
}

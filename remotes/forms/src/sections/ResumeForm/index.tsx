import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { UPLOAD_FIELD } from '@site/contracts/forms';
import { type SectionProps } from '@site/contracts';
import { Select, TextArea, usePageQuery } from '@site/ui';
import { Field } from '../../components/Field';
import { FormSection } from '../../components/FormSection';
import { PersonFields } from '../../components/PersonFields';
import { FileField } from '../../components/FileField';
import { useFormFlow } from '../../components/use-form-flow';
import { subjectId } from '../../navigation/page-query';
import type { ResumeFormData, ResumeFormProps } from './load';
import { prepareResumeForm } from './validation';
import { vacanciesByCentre } from './vacancy-groups';

export { load } from './load';
/**
 * Not lazy: a form must validate and send by script as soon as it is shown. A lazy section waits unhydrated until
 * it nears the viewport, and while it waits React holds back the page's client navigations (router transitions).
 */
export const meta = { lazy: false, query: ['vacancyId'] };

/**
 * A resume for a vacancy or an open application. The vacancy comes from the props or the page's query: the
 * vacancy list links to `/vacancies?vacancyId=…#resume`, and this form is the page's `resume` anchor.
 */
export default function ResumeFormSection({ descriptor, data }: SectionProps<ResumeFormProps, ResumeFormData | undefined>) {
  const intl = useIntl();
  const id = useId();
  const query = usePageQuery();
  const flow = useFormFlow({ endpoint: 'forms/resume', captchaAction: 'resume', prepare: prepareResumeForm });

  const vacancyId = subjectId(query.get('vacancyId'), descriptor.props.vacancyId);
  const vacancies = data?.vacancies ?? null;
  const knownVacancy = vacancies?.some((vacancy) => vacancy.id === vacancyId) ?? false;
  return (
    <FormSection formId={id} flow={flow} name="resume" title={descriptor.props.title} defaultTitleId="forms.resume.title" withFiles>
      {vacancies && vacancies.length > 0 ? (
        <Field formId={id} name="vacancyId" label={<FormattedMessage id="forms.field.vacancy" />} error={flow.errors.vacancyId}>
          {(control) => (
            // Remounted when the page's vacancyId changes, so following another vacancy's link preselects it.
            <Select key={vacancyId ?? ''} {...control} defaultValue={knownVacancy ? vacancyId : ''}>
              <option value="">{intl.formatMessage({ id: 'forms.field.vacancyOpen' })}</option>
              {vacanciesByCentre(vacancies).map((group) => (
                <optgroup key={group.centre} label={group.centre}>
                  {group.vacancies.map((vacancy) => (
                    <option key={vacancy.id} value={vacancy.id}>
                      {vacancy.title}
                    </option>
                  ))}
                </optgroup>
              ))}
            </Select>
          )}
        </Field>
      ) : (
        vacancyId && <input type="hidden" name="vacancyId" value={vacancyId} />
      )}
      <PersonFields formId={id} errors={flow.errors} />
      <Field formId={id} name="coverLetter" label={<FormattedMessage id="forms.field.coverLetter" />} error={flow.errors.coverLetter}>
        {(control) => <TextArea {...control} rows={6} />}
      </Field>
      <FileField
        formId={id}
        labelId="forms.field.resumeFiles"
        error={flow.errors[UPLOAD_FIELD]}
        onProblem={(problem) => flow.setFieldError(UPLOAD_FIELD, problem)}
      />
    </FormSection>
  );
}

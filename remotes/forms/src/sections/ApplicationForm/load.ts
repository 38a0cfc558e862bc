import { EventDetailsResponseSchema, ProgramListResponseSchema, parseContract, type SectionLoader } from '@site/contracts';
import { subjectId } from '../../navigation/page-query';

export interface ApplicationFormProps {
  eventId?: string | number;
  programId?: string;
  title?: string;
}

export interface NamedOption {
  id: string;
  title: string;
}

export interface ApplicationFormData {
  /** Programs to choose from; null when they could not be loaded (the form still works without the choice). */
  programs: NamedOption[] | null;
  /** The event applied to, named; null when there is none or it could not be loaded. */
  event: NamedOption | null;
}

/** Event ids the API serves (`/events/{id}`): other values are still sent, just not looked up. */
const EVENT_ID = /^[1-9][0-9]{0,9}$/;

/**
 * The program list and the event's title make the form clearer, but a form must never fail for them: a failed
 * call is logged and the form renders without that help.
 */
export const load: SectionLoader<ApplicationFormProps, ApplicationFormData> = async ({ api, locale, query, signal }, { props }) => {
  const eventId = subjectId(props.eventId, query.eventId);
  const programsPath = `${locale}/programs`;
  const eventPath = `${locale}/events/${eventId}`;
  const [programs, event] = await Promise.allSettled([
    api.get(programsPath, { signal }).then((answer) => parseContract(programsPath, ProgramListResponseSchema, answer).data.items),
    eventId && EVENT_ID.test(eventId)
      ? api.get(eventPath, { signal }).then((answer) => parseContract(eventPath, EventDetailsResponseSchema, answer).data)
      : Promise.resolve(null),
  ]);
  if (programs.status === 'rejected') console.warn(`ApplicationForm: ${programsPath} failed, the program choice is left out`, programs.reason);
  if (event.status === 'rejected') console.warn(`ApplicationForm: ${eventPath} failed, the event is not named`, event.reason);
  return {
    programs: programs.status === 'fulfilled' ? programs.value.map((program) => ({ id: String(program.id), title: program.title })) : null,
    event: event.status === 'fulfilled' && event.value ? { id: String(event.value.id), title: event.value.title } : null,
  };
};

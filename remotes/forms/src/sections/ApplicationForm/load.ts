import { EventDetailsResponseSchema, eventIsOver } from '@site/contracts/events';
import { ProgramListResponseSchema } from '@site/contracts/education';
import { parseContract, statusOfError, type SectionLoader } from '@site/contracts';
import { subjectId } from '../../navigation/page-query';

export interface ApplicationFormProps {
  eventId?: string | number;
  programId?: string;
  title?: string;
}

interface NamedOption {
  id: string;
  title: string;
}

export interface ApplicationFormData {
  /** Programs to choose from; null when they could not be loaded (the form still works without the choice). */
  programs: NamedOption[] | null;
  /** The event applied to, named; null when there is none or it could not be loaded. */
  event: NamedOption | null;
  /**
   * Why the named event takes no application (it does not exist, is over, or takes none through the site): the
   * form then says so instead of collecting an application the intake would refuse.
   */
  eventClosed?: 'unknown' | 'over' | 'noApplications';
}

/** Event ids the API serves (`/events/{id}`): other values are still sent, just not looked up. */
const EVENT_ID = /^[1-9][0-9]{0,9}$/;

/**
 * The program list and the event's title make the form clearer, but a form must never fail for them: a failed
 * call is logged and the form renders without that help.
 */
export const load: SectionLoader<ApplicationFormProps, ApplicationFormData> = async ({ api, locale, query, signal }, { props }) => {
  const eventId = subjectId(query.eventId, props.eventId);
  const programsPath = `${locale}/programs`;
  const eventPath = `${locale}/events/${eventId}`;
  const [programs, event] = await Promise.allSettled([
    api.get(programsPath, { signal }).then((answer) => parseContract(programsPath, ProgramListResponseSchema, answer).data.items),
    eventId && EVENT_ID.test(eventId)
      ? api.get(eventPath, { signal }).then(
          (answer) => parseContract(eventPath, EventDetailsResponseSchema, answer).data,
          (error: unknown) => {
            if (statusOfError(error) === 404) return 'unknown' as const;
            throw error;
          },
        )
      : Promise.resolve(eventId ? ('unknown' as const) : null),
  ]);
  if (programs.status === 'rejected') console.warn(`ApplicationForm: ${programsPath} failed, the program choice is left out`, programs.reason);
  if (event.status === 'rejected') console.warn(`ApplicationForm: ${eventPath} failed, the event is not named`, event.reason);
  const found = event.status === 'fulfilled' && event.value !== null && event.value !== 'unknown' ? event.value : null;
  const eventClosed =
    event.status === 'fulfilled' && event.value === 'unknown'
      ? 'unknown'
      : found && eventIsOver(found)
        ? 'over'
        : found && found.application.type !== 'form'
          ? 'noApplications'
          : undefined;
  return {
    programs: programs.status === 'fulfilled' ? programs.value.map((program) => ({ id: String(program.id), title: program.title })) : null,
    event: found ? { id: String(found.id), title: found.title } : null,
    ...(eventClosed ? { eventClosed } : {}),
  };
};

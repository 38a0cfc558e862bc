/**
 * The university's time zone: news dates and event times are shown as they are on campus, and the server and
 * the browser format them alike (no hydration mismatch when a visitor's clock is elsewhere).
 */
export const UNIVERSITY_TIME_ZONE = 'Europe/Moscow';

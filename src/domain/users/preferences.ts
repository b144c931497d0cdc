/**
 * What a user chooses about how the service reads and counts for them, named here so the areas
 * that read it (captures' parser, goals' periods) depend on users, not the other way round.
 */

/** The languages a capture is parsed in (the user's `language`). */
export const CAPTURE_LANGUAGES = ['en', 'de', 'fr', 'es'] as const;
export type CaptureLanguage = (typeof CAPTURE_LANGUAGES)[number];

/** The days of the week, Monday first: a week starts on the user's `week_start`. */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

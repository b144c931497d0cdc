import type { Reminder } from './reminder.entity.ts';
import { dueTimesAfter, type Occurrence, type Schedule } from './schedule.ts';

export const scheduleOf = (r: Pick<Reminder, 'rrule' | 'startsOn' | 'times' | 'timezone'>): Schedule => ({
  rrule: r.rrule,
  startsOn: r.startsOn,
  times: r.times,
  timezone: r.timezone,
});

/** The first due time after `after`, or null once the rule has none left. */
export const nextDueAfter = (r: Parameters<typeof scheduleOf>[0], after: Date): Occurrence | null =>
  dueTimesAfter(scheduleOf(r), after, 1)[0] ?? null;

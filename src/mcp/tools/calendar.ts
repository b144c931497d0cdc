import { z } from 'zod';
import { listCalendarEvents } from '../../domain/calendar/calendar.service.ts';
import { presentCalendarEvent } from '../../representation/calendar.ts';
import { pageArgs } from './args.ts';
import { defineTool } from './tool.ts';

export const calendarTools = [
  defineTool({
    name: 'list_calendar_events',
    title: 'Calendar events',
    description:
      "Events from the user's calendar feeds, by start time; cancelled ones only when asked. Same JSON as GET /users/{user_id}/calendar/events.",
    input: z.object({
      from: z.string().optional().describe('Events starting at or after this date-time with offset, or date (00:00Z of that day)'),
      to: z.string().optional().describe('Events starting before this date-time with offset, or date (00:00Z of that day)'),
      include_cancelled: z.boolean().optional().describe('Also cancelled events (default false)'),
      ...pageArgs,
    }),
    // The service reads include_cancelled as REST's query text does.
    run: async ({ actor }, { include_cancelled, ...args }) =>
      (
        await listCalendarEvents(actor, {
          ...args,
          include_cancelled: include_cancelled === undefined ? undefined : include_cancelled ? 'true' : 'false',
        })
      ).map(presentCalendarEvent),
  }),
];

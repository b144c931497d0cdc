import type { z } from 'zod';
import { authorize, type Actor } from '../../core/actor.ts';
import { Invalid } from '../../core/errors.ts';
import { parse } from '../../core/validation.ts';
import type { Event } from '../events/event.entity.ts';
import { logEvent } from '../events/events.service.ts';
import { RoutineCompletion } from './routines.schemas.ts';
import { ownRoutine } from './routines.service.ts';

/**
 * The tag a completion carries: the daily summary counts events per tag, so the routine becomes
 * the factor `tag:routine:<id>`. The id, not the name, so a renamed routine stays one factor.
 */
export const routineTag = (routineId: string) => `routine:${routineId}`;

/**
 * Records a routine (or some of its items) as done on a local date (default: today in the user's
 * timezone): an event with the routine, the items done and how many it has in its metadata.
 */
export async function completeRoutine(actor: Actor, routineId: string, input: z.input<typeof RoutineCompletion>): Promise<Event> {
  authorize(actor, actor.userId, 'write');
  const data = parse(RoutineCompletion, input);
  const routine = await ownRoutine(actor, routineId);
  data.items?.forEach((item, i) => {
    if (!routine.items.includes(item)) throw Invalid.at(['items', i], "Not one of the routine's items", 'not_found');
  });
  const done = data.items ? routine.items.filter((item) => data.items!.includes(item)) : routine.items;
  const { event } = await logEvent(
    actor,
    {
      localDate: data.local_date,
      notes: routine.name,
      tags: [routineTag(routine.id)],
      metadata: { routine: { id: routine.id, name: routine.name, items_done: done, items_total: routine.items.length } },
    },
    'user',
  );
  return event;
}

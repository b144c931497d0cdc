import type { z } from 'zod';
import { authorize, type Actor } from '../../core/actor.ts';
import { NotFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { parse } from '../../core/validation.ts';
import { em } from '../../db/context.ts';
import { Routine } from './routine.entity.ts';
import { RoutineCreate, RoutineUpdate } from './routines.schemas.ts';

export async function ownRoutine(actor: Actor, routineId: string): Promise<Routine> {
  const routine = await em().findOne(Routine, { id: routineId, userId: actor.userId });
  if (!routine) throw new NotFound('Routine');
  return routine;
}

export async function createRoutine(actor: Actor, input: z.input<typeof RoutineCreate>): Promise<Routine> {
  authorize(actor, actor.userId, 'write');
  const data = parse(RoutineCreate, input);
  const now = new Date();
  const routine = em().create(Routine, {
    id: newId(),
    userId: actor.userId,
    name: data.name,
    timeOfDay: data.time_of_day,
    items: data.items,
    color: data.color ?? null,
    iconKey: data.icon_key ?? null,
    displayOrder: data.display_order,
    createdAt: now,
    updatedAt: now,
  });
  await em().flush();
  return routine;
}

/** Every routine of the user (a short list), in the order the user arranged them, then by name. */
export async function listRoutines(actor: Actor): Promise<Routine[]> {
  authorize(actor, actor.userId, 'read');
  return em().find(Routine, { userId: actor.userId }, { orderBy: { displayOrder: 'asc', name: 'asc', id: 'asc' } });
}

export async function getRoutine(actor: Actor, routineId: string): Promise<Routine> {
  authorize(actor, actor.userId, 'read');
  return ownRoutine(actor, routineId);
}

export async function updateRoutine(actor: Actor, routineId: string, input: z.input<typeof RoutineUpdate>): Promise<Routine> {
  authorize(actor, actor.userId, 'write');
  const data = parse(RoutineUpdate, input);
  const routine = await ownRoutine(actor, routineId);
  if (data.name !== undefined) routine.name = data.name;
  if (data.time_of_day !== undefined) routine.timeOfDay = data.time_of_day;
  if (data.items !== undefined) routine.items = data.items;
  if (data.color !== undefined) routine.color = data.color;
  if (data.icon_key !== undefined) routine.iconKey = data.icon_key;
  if (data.display_order !== undefined) routine.displayOrder = data.display_order;
  routine.updatedAt = new Date();
  await em().flush();
  return routine;
}

/** Deleting a routine keeps the completions already logged: they are events of the user's record. */
export async function deleteRoutine(actor: Actor, routineId: string): Promise<void> {
  authorize(actor, actor.userId, 'write');
  const deleted = await em().nativeDelete(Routine, { id: routineId, userId: actor.userId });
  if (deleted === 0) throw new NotFound('Routine');
}

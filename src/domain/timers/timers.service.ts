import type { z } from 'zod';
import { LockMode } from '@mikro-orm/core';
import { authorize, type Actor } from '../../core/actor.ts';
import { Invalid, NotFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { parse } from '../../core/validation.ts';
import { em } from '../../db/context.ts';
import { Category } from '../categories/category.entity.ts';
import { formatDuration } from '../events/duration.ts';
import type { Event } from '../events/event.entity.ts';
import { logEvent } from '../events/events.service.ts';
import { TrackingTimer } from './timer.entity.ts';
import { TrackingTimerListQuery, TrackingTimerStart, TrackingTimerStop } from './timers.schemas.ts';

/** A start time this far ahead of the server clock is a client clock problem, not a plan. */
const FUTURE_TOLERANCE_MS = 60_000;

export async function startTimer(actor: Actor, input: z.input<typeof TrackingTimerStart>): Promise<TrackingTimer> {
  authorize(actor, actor.userId, 'write');
  const data = parse(TrackingTimerStart, input);
  if (data.category_id && !(await em().count(Category, { id: data.category_id, userId: actor.userId }))) {
    throw Invalid.at(['category_id'], 'Unknown category', 'not_found');
  }
  const now = new Date();
  const startedAt = data.started_at ? new Date(data.started_at) : now;
  if (startedAt.getTime() > now.getTime() + FUTURE_TOLERANCE_MS) {
    throw Invalid.at(['started_at'], 'A timer cannot start in the future');
  }
  const timer = em().create(TrackingTimer, {
    id: newId(),
    userId: actor.userId,
    categoryId: data.category_id ?? null,
    label: data.label ?? null,
    startedAt,
    createdAt: now,
    updatedAt: now,
  });
  await em().flush();
  return timer;
}

/** Running timers, most recently started first. */
export async function listTimers(actor: Actor, input: z.input<typeof TrackingTimerListQuery>): Promise<TrackingTimer[]> {
  authorize(actor, actor.userId, 'read');
  const q = parse(TrackingTimerListQuery, input);
  return em().find(
    TrackingTimer,
    { userId: actor.userId },
    { orderBy: { startedAt: 'desc', id: 'desc' }, limit: q.limit, offset: q.offset },
  );
}

export async function getTimer(actor: Actor, id: string): Promise<TrackingTimer> {
  authorize(actor, actor.userId, 'read');
  const t = await em().findOne(TrackingTimer, { id, userId: actor.userId });
  if (!t) throw new NotFound('Tracking timer');
  return t;
}

/**
 * Stops a timer: in one transaction the timer is removed and an event (source `timer`) is logged
 * with its start, duration, category and label. The event's client_id is the timer's id, so a
 * timer can never yield two events; a second stop finds no timer (NotFound).
 */
export async function stopTimer(actor: Actor, id: string, input: z.input<typeof TrackingTimerStop>): Promise<Event> {
  authorize(actor, actor.userId, 'write');
  const data = parse(TrackingTimerStop, input ?? {});
  return em().transactional(async () => {
    const t = await em().findOne(TrackingTimer, { id, userId: actor.userId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!t) throw new NotFound('Tracking timer');
    const endedAt = data.ended_at ? new Date(data.ended_at) : new Date();
    if (endedAt < t.startedAt) throw Invalid.at(['ended_at'], 'ended_at must not be before the timer started');
    const seconds = Math.round((endedAt.getTime() - t.startedAt.getTime()) / 1000);
    const { event } = await logEvent(
      actor,
      {
        clientId: t.id,
        categoryId: t.categoryId ?? null,
        occurredAt: t.startedAt,
        duration: formatDuration(seconds),
        notes: data.notes !== undefined ? data.notes : (t.label ?? null),
        tags: data.tags ?? null,
        metadata: { timer: { id: t.id, label: t.label ?? null, started_at: t.startedAt.toISOString(), ended_at: endedAt.toISOString() } },
      },
      'timer',
    );
    em().remove(t);
    await em().flush();
    return event;
  });
}

export async function discardTimer(actor: Actor, id: string): Promise<void> {
  authorize(actor, actor.userId, 'write');
  const deleted = await em().nativeDelete(TrackingTimer, { id, userId: actor.userId });
  if (deleted === 0) throw new NotFound('Tracking timer');
}

import { query } from '../../db/sql.ts';

export const FIRING_STATUSES = ['pending', 'sent', 'skipped', 'missed', 'failed'] as const;
export type FiringStatus = (typeof FIRING_STATUSES)[number];
export const FIRING_ACTIONS = ['done', 'snoozed'] as const;

/** One push service's answer for one browser. */
export type PushResult = { subscription_id: string; ok: boolean; status: number | null; error: string | null };

/**
 * What became of one due time of a reminder (or of a snooze of one): recorded once, whichever
 * worker got there (unique per reminder and due time). `pending` while a Web Push is on its way.
 */
export type Firing = {
  id: string;
  userId: string;
  reminderId: string;
  /** When it went out, or was to: the due time, or the end of a snooze. */
  dueAt: Date;
  /** The rule's due time it is about (a snooze's is the one snoozed), and its local day and time. */
  occurrenceAt: Date;
  localDate: string;
  localTime: string;
  snoozed: boolean;
  status: FiringStatus;
  /** skipped: already_logged, goal_met, goal_out_of_reach, quiet_hours; missed: not_running; failed: what went wrong. */
  reason: string | null;
  decidedAt: Date;
  /** The reminder.due event a webhook channel sent (its deliveries are the webhook's). */
  eventId: string | null;
  pushResults: PushResult[] | null;
  action: (typeof FIRING_ACTIONS)[number] | null;
  actedAt: Date | null;
};

type FiringRow = {
  id: string;
  user_id: string;
  reminder_id: string;
  due_at: Date | string;
  occurrence_at: Date | string;
  local_date: string;
  local_time: string;
  snoozed: boolean;
  status: FiringStatus;
  reason: string | null;
  decided_at: Date | string;
  event_id: string | null;
  push_results: PushResult[] | null;
  action: Firing['action'];
  acted_at: Date | string | null;
};

const FIRING_COLUMNS = `id, user_id, reminder_id, due_at, occurrence_at, local_date::text as local_date, local_time, snoozed, status, reason,
  decided_at, event_id, push_results, action, acted_at`;

const toFiring = (r: FiringRow): Firing => ({
  id: r.id,
  userId: r.user_id,
  reminderId: r.reminder_id,
  dueAt: new Date(r.due_at),
  occurrenceAt: new Date(r.occurrence_at),
  localDate: r.local_date,
  localTime: r.local_time,
  snoozed: r.snoozed,
  status: r.status,
  reason: r.reason,
  decidedAt: new Date(r.decided_at),
  eventId: r.event_id,
  pushResults: r.push_results,
  action: r.action,
  actedAt: r.acted_at ? new Date(r.acted_at) : null,
});

/** A reminder's firings due before `before` (all when null), latest first. */
export async function firingsOf(userId: string, reminderId: string, before: Date | null, limit: number): Promise<Firing[]> {
  const rows = await query<FiringRow>(
    `select ${FIRING_COLUMNS} from reminder_firings
      where user_id = $1 and reminder_id = $2 and ($3::timestamptz is null or due_at < $3) order by due_at desc limit $4`,
    [userId, reminderId, before, limit],
  );
  return rows.map(toFiring);
}

/** One firing by id, with its owner: what an action link names (the link is the credential; its user is found here). */
export async function firingById(id: string): Promise<Firing | null> {
  const [row] = await query<FiringRow>(`select ${FIRING_COLUMNS} from reminder_firings where id = $1`, [id]);
  return row ? toFiring(row) : null;
}

/** One of a user's firings by id. */
export async function firingOf(userId: string, id: string): Promise<Firing | null> {
  const [row] = await query<FiringRow>(`select ${FIRING_COLUMNS} from reminder_firings where user_id = $1 and id = $2`, [userId, id]);
  return row ? toFiring(row) : null;
}

/**
 * Records a due time's outcome, the first time only: null when another worker already recorded it
 * (the unique key), and then the caller sends nothing.
 */
export async function recordFiring(f: Omit<Firing, 'eventId' | 'pushResults' | 'action' | 'actedAt'>): Promise<Firing | null> {
  const [row] = await query<FiringRow>(
    `insert into reminder_firings (id, user_id, reminder_id, due_at, occurrence_at, local_date, local_time, snoozed, status, reason, decided_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) on conflict (reminder_id, due_at) do nothing returning ${FIRING_COLUMNS}`,
    [f.id, f.userId, f.reminderId, f.dueAt, f.occurrenceAt, f.localDate, f.localTime, f.snoozed, f.status, f.reason, f.decidedAt],
  );
  return row ? toFiring(row) : null;
}

/** A firing's outcome once its channel has answered. */
export async function settleFiring(
  firing: Pick<Firing, 'id' | 'userId'>,
  outcome: { status: FiringStatus; reason: string | null; eventId?: string | null; pushResults?: PushResult[] | null },
): Promise<void> {
  await query(
    `update reminder_firings set status = $3, reason = $4, event_id = coalesce($5, event_id), push_results = coalesce($6::jsonb, push_results),
            claimed_until = null where user_id = $1 and id = $2`,
    [
      firing.userId,
      firing.id,
      outcome.status,
      outcome.reason,
      outcome.eventId ?? null,
      outcome.pushResults ? JSON.stringify(outcome.pushResults) : null,
    ],
  );
}

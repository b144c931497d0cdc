import { systemActor } from '../core/actor.ts';
import { eventsToRender, keepPayloads, type PendingEvent } from '../domain/outbox/outbox.service.ts';
import type { EpisodeCard } from '../domain/insights/episodes.ts';
import { inboxPendingCount } from '../domain/inbox/pending.ts';
import { readMany } from '../representation/resources.ts';
import { presentEpisodeCard } from '../representation/insights.ts';
import { presentImport } from '../representation/imports.ts';
import { getImport } from '../imports/imports.service.ts';

/**
 * Each pending event's payload, by event id: the REST read of what it reports, as GET shows it
 * at publication (webhooks and subscriptions get the same bytes). A resource deleted before its
 * event was published is `{ "id": … }`.
 */
async function renderPayloads(events: PendingEvent[]): Promise<Map<string, unknown>> {
  const out = new Map<string, unknown>();
  const byUser = Map.groupBy(events, (e) => e.userId);
  for (const [userId, own] of byUser) {
    const actor = systemActor(userId);
    for (const [resourceType, group] of Map.groupBy(own, (e) => e.resource?.type ?? null)) {
      if (resourceType === null) {
        for (const e of group) out.set(e.id, await unattached(e).catch(() => ({})));
        continue;
      }
      // A read that fails leaves ids: one bad resource must not hold every delivery behind it.
      const reads = await readMany(actor, resourceType, [...new Set(group.map((e) => e.resource!.id))]).catch(
        () => new Map<string, unknown>(),
      );
      for (const e of group) {
        const read = reads.get(e.resource!.id) ?? { id: e.resource!.id };
        // goal.met adds the day and its value to the goal's read.
        out.set(e.id, e.data && typeof e.data === 'object' ? { ...read, ...e.data } : read);
      }
    }
  }
  return out;
}

/** Events about no stored resource: their data is the payload, or says what to read. */
async function unattached(e: PendingEvent): Promise<unknown> {
  if (e.type === 'inbox.changed') return { pending_count: await inboxPendingCount(systemActor(e.userId)) };
  // The import as it ended (an import removed from the list before publication: its id).
  if (e.type === 'import.finished') {
    const { import_id } = e.data as { import_id: string };
    return getImport(systemActor(e.userId), import_id).then(presentImport, () => ({ id: import_id }));
  }
  if (e.type === 'episode.detected') {
    const { card, date } = e.data as { card: EpisodeCard; date: string };
    return { ...presentEpisodeCard(card), date };
  }
  return e.data;
}

/** The stored payloads of these events, rendering (and storing) those not rendered yet. */
export async function storedPayloads(events: { id: string; userId: string; payload: unknown }[]): Promise<Map<string, unknown>> {
  const out = new Map(events.filter((e) => e.payload !== null).map((e) => [e.id, e.payload]));
  const pending = events.filter((e) => e.payload === null);
  if (pending.length === 0) return out;
  const users = [...new Set(pending.map((e) => e.userId))];
  const rendered = await keepPayloads(
    await renderPayloads(
      await eventsToRender(
        pending.map((e) => e.id),
        users,
      ),
    ),
    users,
  );
  for (const [id, payload] of rendered) out.set(id, payload);
  return out;
}

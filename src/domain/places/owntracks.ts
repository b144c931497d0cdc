import { authorize, type Actor } from '../../core/actor.ts';
import { parse } from '../../core/validation.ts';
import { OwnTracksMessage, OwnTracksQueue } from './places.schemas.ts';
import { recordLocations } from './locations.service.ts';

/** What the OwnTracks app posts (one message, or its queue as an array): https://owntracks.org/booklet/tech/json/ */
type Message = Record<string, unknown>;

const finite = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN);

/** A `location` message's sample, or null for any other message or a location without a usable position and time. */
function sampleOf(m: Message): { lat: number; lng: number; recorded_at: string; accuracy_m: number | null } | null {
  if (m._type !== 'location') return null;
  const lat = finite(m.lat);
  const lng = finite(m.lon);
  const tst = finite(m.tst);
  if (!(lat >= -90 && lat <= 90) || !(lng >= -180 && lng <= 180) || !(tst > 0) || tst > Date.now() / 1000 + 86_400) return null;
  const acc = finite(m.acc);
  return { lat, lng, recorded_at: new Date(Math.floor(tst) * 1000).toISOString(), accuracy_m: acc >= 0 ? acc : null };
}

export type OwnTracksResult = { accepted: number; ignored: number };

/**
 * The OwnTracks app in HTTP mode: its `location` messages become samples (stays detected around
 * them, as POST …/locations does); every other message type (lwt, transition, waypoint, card …)
 * and a location the service cannot use are ignored. The app keeps a message queued until it sees
 * a success, so only a body that is not a message at all is refused: a message the service will
 * never take must not block the app's queue forever.
 */
export async function recordOwnTracks(actor: Actor, body: unknown): Promise<OwnTracksResult> {
  // Spent once, by recordLocations, when there is something to write.
  authorize(actor, actor.userId, 'write', { spend: false });
  const messages: Message[] = Array.isArray(body) ? parse(OwnTracksQueue, body) : [parse(OwnTracksMessage, body)];
  const samples = messages.map(sampleOf).filter((s) => s !== null);
  if (samples.length) await recordLocations(actor, { samples });
  return { accepted: samples.length, ignored: messages.length - samples.length };
}

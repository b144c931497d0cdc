import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ICAL from 'ical.js';
import type { syncSource as SyncSource } from '../../src/domain/calendar/sync.ts';
import { startIcsServer, type IcsServer } from '../helpers/ics-server.ts';
import { withIsolatedServer, type IsolatedServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';

/**
 * Every published ICS file of test/fixtures/ics (the test suites of ical.js, python's icalendar,
 * recurring-ical-events and khal; sources and licences in its README) synced through the service:
 * nothing ical.js itself reads out of a file may be missing from what the service stores, and a
 * file the service refuses must be one that ical.js cannot read as a calendar either. The service
 * may store more (it is more lenient: bare dates, empty rules, events without UID, DTSTART of an
 * RDATE-only series, Windows zone names), never less. The reference expansion below is ical.js's
 * own, written here apart from the service's code.
 */
const ROOT = fileURLToPath(new URL('../fixtures/ics/', import.meta.url));
const FILES = readdirSync(ROOT, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) => readdirSync(`${ROOT}${d.name}/files`).map((f) => `${d.name}/files/${f}`))
  .sort();

let server: IsolatedServer;
let owner: TestUser;
let ics: IcsServer;
withIsolatedServer((f) => ({ server, owner } = f), { timezone: 'UTC' });
beforeAll(async () => {
  ics = await startIcsServer({ bigBytes: 1024 * 1024 });
});
afterAll(() => ics.stop());

const DAY = 86_400_000;
type Time = InstanceType<typeof ICAL.Time>;
const startOf = (t: Time) => (t.isDate ? Date.UTC(t.year, t.month - 1, t.day) : t.toUnixTime() * 1000);

/** The window's instance starts ical.js gives for the file's series (null when it cannot read the file as a calendar). */
function reference(text: string, from: number, to: number): number[] | null {
  let root: InstanceType<typeof ICAL.Component>;
  try {
    const jcal = ICAL.parse(text) as unknown[];
    root = new ICAL.Component((Array.isArray(jcal[0]) ? jcal[0] : jcal) as unknown[]);
  } catch {
    return null;
  }
  if (root.name !== 'vcalendar') return null;
  ICAL.TimezoneService.reset();
  const known = new Set<string>();
  for (const vtz of root.getAllSubcomponents('vtimezone')) {
    try {
      const tz = new ICAL.Timezone(vtz);
      ICAL.TimezoneService.register(tz, tz.tzid);
      known.add(tz.tzid);
    } catch {
      // ical.js cannot read this zone: events in it are not compared.
    }
  }
  const starts: number[] = [];
  const overridden = new Set(
    root
      .getAllSubcomponents('vevent')
      .filter((v) => v.hasProperty('recurrence-id'))
      .map((v) => v.getFirstPropertyValue('uid')),
  );
  for (const vevent of root.getAllSubcomponents('vevent')) {
    try {
      // Compared: series without overrides (those move instances; the sync tests cover them), in UTC, floating or a zone the file defines.
      const uid = vevent.getFirstPropertyValue('uid');
      if (!uid || overridden.has(uid) || !vevent.hasProperty('dtstart')) continue;
      const tzids = vevent
        .getAllProperties()
        .map((p) => p.getParameter('tzid'))
        .filter((z): z is string => typeof z === 'string');
      if (tzids.some((z) => !known.has(z))) continue;
      const event = new ICAL.Event(vevent);
      if (!event.isRecurring()) {
        const s = startOf(event.startDate);
        if (s >= from && s < to) starts.push(s);
        continue;
      }
      const it = event.iterator();
      for (let i = 0, next = it.next(); next && i < 20_000; i++, next = it.next()) {
        const s = startOf(next);
        if (s >= to) break;
        if (s >= from) starts.push(s);
      }
    } catch {
      // An event ical.js cannot read is not compared; the service may read it leniently or skip it.
    }
  }
  ICAL.TimezoneService.reset();
  return starts.sort((a, b) => a - b);
}

/** A moment whose sync window (30 days back, 90 ahead) covers the file's first events. */
function nowFor(text: string): Date {
  const first = /^DTSTART[^:\r\n]*:(\d{4})(\d{2})(\d{2})/m.exec(text);
  return first ? new Date(Date.UTC(+first[1], +first[2] - 1, +first[3]) + 29 * DAY) : new Date();
}

test(`the ${FILES.length} published ICS files: nothing ical.js reads is missing, nothing is refused that ical.js can read`, async () => {
  let compared = 0;
  let instances = 0;
  for (const file of FILES) {
    const text = readFileSync(`${ROOT}${file}`, 'utf8');
    const path = `/${encodeURIComponent(file)}`;
    ics.serve(path, text);
    const created = await server
      .api()
      .post(`/users/${owner.id}/event-sources`)
      .set(owner.auth)
      .send({ source_label: file.slice(0, 100), config: { url: `${ics.url}${path}` } });
    expect(created.status).toBe(201);
    const now = nowFor(text);
    const synced = await server.call<typeof SyncSource>('domain/calendar/sync.ts', 'syncSource', owner.id, created.body.id, now);
    const from = now.getTime() - 30 * DAY;
    const expected = reference(text, from, now.getTime() + 90 * DAY);
    if (synced.lastSyncStatus === 'error') {
      // Refused: only a file ical.js cannot read as a calendar, with a sentence saying why.
      expect({ file, readable: expected !== null && /BEGIN:VEVENT/i.test(text) }).toEqual({ file, readable: false });
      expect(synced.lastSyncError).toMatch(/^The feed /);
      continue;
    }
    const stored = (await server.api().get(`/users/${owner.id}/calendar/events?include_cancelled=true&limit=500`).set(owner.auth)).body
      .filter((e: { calendar_id: string }) => e.calendar_id === created.body.id)
      .map((e: { starts_at: string }) => Date.parse(e.starts_at));
    if (synced.lastSyncEventCount! <= 500) expect({ file, count: stored.length }).toEqual({ file, count: synced.lastSyncEventCount });
    if (!expected) continue;
    const left = [...stored];
    const missing = expected.filter((s) => {
      const at = left.indexOf(s);
      if (at < 0) return true;
      left.splice(at, 1);
      return false;
    });
    expect({ file, missing: missing.map((s) => new Date(s).toISOString()) }).toEqual({ file, missing: [] });
    compared++;
    instances += expected.length;
    await server.api().delete(`/users/${owner.id}/event-sources/${created.body.id}`).set(owner.auth);
  }
  console.log(`ICS corpus: ${FILES.length} files synced, ${compared} compared with ical.js (${instances} instances)`);
  expect(compared).toBeGreaterThan(FILES.length / 2);
}, 600_000);

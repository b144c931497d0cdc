import { readFileSync } from 'node:fs';
import { EVENT_CATALOGUE, type CatalogueEntry } from '../../src/domain/outbox/event-catalogue.ts';
import { EVENT_TYPES } from '../../src/domain/outbox/event-types.ts';
import { withIsolatedServer, type IsolatedServer } from '../helpers/server.ts';

/**
 * Every event is listed once, with what emits it (docs/events.md, from src/domain/outbox/event-catalogue.ts),
 * and what the database emits by trigger is exactly what the catalogue says triggers emit: an event
 * added by a migration, or a trigger dropped, without its line fails here.
 */
let server: IsolatedServer;
withIsolatedServer((f) => ({ server } = f));

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

const emitterText = (e: CatalogueEntry['emitter']) =>
  'trigger' in e ? `trigger on \`${e.trigger.table}\` (${e.trigger.on})` : `\`${e.service}\` (${e.file})`;

test('docs/events.md has one row per event, as the catalogue says it; every event clients may subscribe to is in it', () => {
  const page = read('docs/events.md');
  for (const [type, entry] of Object.entries(EVENT_CATALOGUE)) {
    expect(page).toContain(`| \`${type}\` | ${emitterText(entry.emitter)} | ${entry.when} | ${entry.payload} |`);
  }
  const rows = page.split('\n').filter((line) => /^\| `[a-z_.]+` \|/.test(line));
  expect(rows).toHaveLength(Object.keys(EVENT_CATALOGUE).length);
  for (const type of EVENT_TYPES) expect(Object.keys(EVENT_CATALOGUE)).toContain(type);
  // The webhooks documentation points here.
  expect(read('README.md')).toContain('docs/events.md');
});

test("the database's event triggers are the catalogue's, table and operation each; each service emitter exists", async () => {
  const triggers = await server.sql<{ table: string; event: string; fn: string; args: string }>(
    `select c.relname as table, p.proname as fn, encode(t.tgargs, 'escape') as args,
            case when t.tgtype & 4 <> 0 then 'insert' when t.tgtype & 8 <> 0 then 'delete' else 'update' end as event
       from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
      where not t.tgisinternal and p.proname in ('emit_outbox', 'emit_inbox_changed')`,
  );
  // What each trigger emits: emit_outbox's first argument, or inbox.changed.
  const emitted = new Map<string, Set<string>>();
  for (const t of triggers) {
    const type = t.fn === 'emit_inbox_changed' ? 'inbox.changed' : t.args.split('\\000')[0];
    const key = `${type} ${t.table}`;
    emitted.set(key, (emitted.get(key) ?? new Set()).add(t.event));
  }
  const declared = new Map<string, Set<string>>();
  for (const [type, entry] of Object.entries(EVENT_CATALOGUE)) {
    if ('trigger' in entry.emitter) declared.set(`${type} ${entry.emitter.trigger.table}`, new Set(entry.emitter.trigger.on.split(', ')));
    else expect(read(entry.emitter.file)).toMatch(new RegExp(`export async function ${entry.emitter.service}\\b`));
  }
  expect(emitted).toEqual(declared);
});

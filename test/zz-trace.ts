import { withContext } from '../src/db/context.ts';
import { seedDemo } from '../src/domain/metrics/demo-data.ts';
import { startTestServer } from './helpers/server.ts';
import { signUp } from './helpers/users.ts';
import { captureParsed } from './captures/flow.ts';
const server = await startTestServer();
const u = await signUp(server);
await withContext(() => seedDemo(u.id, 'UTC', { days: 120, seed: 7 }), server.db.orm);
for (let i = 0; i < 20; i++) { const c = await captureParsed(server, u, `ran ${i}k`); await fetch(`${server.url}/users/${u.id}/suggestions/${c.suggestions[0].id}/accept`, { method: 'POST', headers: { ...u.auth, 'content-type': 'application/json' }, body: '{}' }); }
const q = `{ me {
  suggestions(status: accepted, limit: 20) { pendingCount items { id kind title createdAt resultingEvent { id occurredAt tags notes } } }
  goals { slug label unit target direction active isSet today { value met progress } }
  episodes { windowDays episodes { id key label direction z headline } }
  insightGraph(metric: "sleep_duration") { center { key label unit } edges { key label kind direction confidence lag n r qValue } }
} }`;
const body = JSON.stringify({ query: q });
for (let i = 0; i < 50; i++) {
  (globalThis as any).TRACE = i === 49;
  await fetch(`${server.url}/graphql`, { method: 'POST', headers: { ...u.auth, 'content-type': 'application/json' }, body });
}
await server.stop();

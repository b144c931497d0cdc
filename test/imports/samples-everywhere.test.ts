import { withServer, type SharedServer } from '../helpers/server.ts';
import { signUp } from '../helpers/users.ts';
import { binary, unzipText } from '../helpers/zip.ts';
import { fixtureBytes, imported } from './uploads.ts';

/** Imported samples are records like any other: in the changes feed (with their read) and in the account archive. */
let server: SharedServer;
withServer((f) => ({ server } = f));

test('samples an import brings appear in the changes feed and the archive, once each, named by second and position', async () => {
  const user = await signUp(server);
  const done = await imported(server, user, fixtureBytes('tracks/track-1.0.gpx'));
  expect(done.counts.created).toBe(7);

  const feed = await server.api().get(`/users/${user.id}/changes`).query({ types: 'location_sample', limit: 500 }).set(user.auth);
  expect(feed.status).toBe(200);
  const samples = feed.body.changes as { type: string; id: string; op: string; data: Record<string, any> }[];
  expect(samples).toHaveLength(7);
  for (const c of samples) {
    expect(c).toMatchObject({ type: 'location_sample', op: 'upsert' });
    expect(c.data).toEqual({
      id: c.id,
      recorded_at: expect.any(String),
      lat: expect.any(Number),
      lng: expect.any(Number),
      accuracy_m: null,
    });
    expect(c.id).toBe(`${Date.parse(c.data.recorded_at) / 1000},${c.data.lat},${c.data.lng}`);
  }

  // A second import of the file changes nothing: the feed reads on from its cursor with nothing new.
  await imported(server, user, fixtureBytes('tracks/track-1.0.gpx'));
  const after = await server.api().get(`/users/${user.id}/changes`).query({ since: feed.body.next_cursor }).set(user.auth);
  expect(after.body.changes.filter((c: { type: string }) => c.type === 'location_sample')).toEqual([]);

  const archive = await server.api().get(`/users/${user.id}/export`).set(user.auth).buffer(true).parse(binary);
  expect(archive.status).toBe(200);
  const files = await unzipText(archive.body as Buffer);
  const lines = files
    .get('location_sample.ndjson')!
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  expect(lines.sort((a, b) => a.id.localeCompare(b.id))).toEqual(samples.map((c) => c.data).sort((a, b) => a.id.localeCompare(b.id)));
  expect(JSON.parse(files.get('manifest.json')!).counts.location_sample).toBe(7);
});

import { expect422, expectError } from '../helpers/expect.ts';
import { gqlData, gqlError, readOnly } from '../helpers/graphql.ts';
import { withServer, type SharedServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { startReceiver } from '../helpers/webhook-receiver.ts';
import { fixtureBytes, finished, imported, upload } from './uploads.ts';

/** The pipeline's contract through HTTP and GraphQL: uploads, validation, permissions, the event. */
let server: SharedServer;
let owner: TestUser;
let other: TestUser;
withServer((f) => ({ server, owner, other } = f));

const GPX = fixtureBytes('tracks/track-1.0.gpx');

test('a multipart upload: its file part and fields (format, filename) are read, the answer is 202 with the queued import', async () => {
  const user = await signUp(server);
  const res = await server
    .api()
    .post(`/users/${user.id}/imports`)
    .set(user.auth)
    .field('format', 'gpx')
    .attach('file', GPX, { filename: 'ride.gpx', contentType: 'application/gpx+xml' });
  expect(res.status).toBe(202);
  expect(res.body).toMatchObject({ format: 'gpx', detected_format: 'gpx', filename: 'ride.gpx', progress: { bytes_total: GPX.length } });
  expect(['queued', 'running', 'succeeded']).toContain(res.body.status);
  const done = await finished(server, user, res.body.id);
  expect(done).toMatchObject({ status: 'succeeded', counts: { created: 7 } });
  expect(done.finished_at >= done.started_at).toBe(true);
  const list = await server.api().get(`/users/${user.id}/imports`).set(user.auth);
  expect(list.body).toEqual([done]);
});

test('validation: an unknown format, options that are not a JSON object, an empty or unrecognised file are 422s at their place', async () => {
  expect422(await upload(server, owner, GPX, { format: 'shapefile' }), ['query', 'format']);
  expect422(await upload(server, owner, GPX, { options: '[1]' }), ['query', 'options']);
  expect422(await upload(server, owner, GPX, { options: '{not json' }), ['query', 'options']);
  expect422(await upload(server, owner, GPX, { filename: 'x'.repeat(256) }), ['query', 'filename']);
  const field = await server.api().post(`/users/${owner.id}/imports`).set(owner.auth).field('format', 'nope').attach('file', GPX, 'a.gpx');
  expect422(field, ['body', 'format']);
  expect422(await upload(server, owner, Buffer.alloc(0)), ['body']);
  const unknown = await upload(server, owner, 'just some words, no location history here');
  expect422(unknown, ['body']);
  expect(unknown.body.detail[0].msg).toMatch(/not recognised/);
  const binary = await upload(server, owner, Buffer.from([0x00, 0x01, 0xff, 0xfe, 0x00]));
  expect422(binary, ['body']);
  const noFile = await server.api().post(`/users/${owner.id}/imports`).set(owner.auth).field('format', 'gpx');
  expect422(noFile, ['body', 'file']);
  // Nothing refused was kept.
  expect((await server.api().get(`/users/${owner.id}/imports`).set(owner.auth)).body).toEqual([]);
  expect422(await server.api().get(`/users/${owner.id}/imports`).query({ limit: 0 }).set(owner.auth), ['query', 'limit']);
  expect422(await server.api().get(`/users/${owner.id}/imports/not-a-uuid`).set(owner.auth), ['path', 'import_id']);
});

test('a file named as a format it is not fails the import with the reason, and loses nothing', async () => {
  const user = await signUp(server);
  const done = await imported(server, user, GPX, { format: 'google_records' });
  expect(done).toMatchObject({ status: 'failed', detected_format: 'google_records' });
  expect(done.error).toMatch(/JSON/);
});

test("permissions: a read-only token may read imports but not start or cancel one; another user's token gets nothing", async () => {
  const mine = await imported(server, owner, GPX);
  const ro = await readOnly(server, owner);
  expectError(await server.api().post(`/users/${owner.id}/imports`).set(ro.auth).send(GPX), 403);
  expect((await server.api().get(`/users/${owner.id}/imports/${mine.id}`).set(ro.auth)).status).toBe(200);
  expectError(await server.api().delete(`/users/${owner.id}/imports/${mine.id}`).set(ro.auth), 403);
  expectError(await server.api().post(`/users/${owner.id}/imports`).set(other.auth).type('application/octet-stream').send(GPX), 403);
  expectError(await server.api().get(`/users/${owner.id}/imports`).set(other.auth), 403);
  expectError(await server.api().get(`/users/${other.id}/imports/${mine.id}`).set(other.auth), 404);
  expectError(await server.api().delete(`/users/${other.id}/imports/${mine.id}`).set(other.auth), 404);
  expect((await server.api().get(`/users/${owner.id}/imports/${mine.id}`).set(owner.auth)).body).toEqual(mine);
});

test('a finished import is removed from the list by DELETE', async () => {
  const user = await signUp(server);
  const done = await imported(server, user, GPX);
  expect((await server.api().delete(`/users/${user.id}/imports/${done.id}`).set(user.auth)).status).toBe(204);
  expectError(await server.api().get(`/users/${user.id}/imports/${done.id}`).set(user.auth), 404);
  // The samples stay: importing the file again finds them all.
  expect((await imported(server, user, GPX)).counts).toMatchObject({ created: 0, present: 7 });
});

test('GraphQL reads the same imports as REST and cancels through the same service; a read-only token may not', async () => {
  const user = await signUp(server);
  const done = await imported(server, user, fixtureBytes('google/2023_JANUARY.json'));
  const rest = (await server.api().get(`/users/${user.id}/imports/${done.id}`).set(user.auth)).body;
  const q = `query($id: UUID!) { me { imports { id } import(id: $id) { id status format detectedFormat filename bytesRead bytesTotal
    counts { read created present skipped unmapped } reasons { reason detail } error createdAt startedAt finishedAt } } }`;
  const data = await gqlData(server, user, q, { id: done.id });
  expect(data.me.imports).toEqual([{ id: done.id }]);
  expect(data.me.import).toEqual({
    id: rest.id,
    status: rest.status,
    format: rest.format,
    detectedFormat: rest.detected_format,
    filename: rest.filename,
    bytesRead: rest.progress.bytes_read,
    bytesTotal: rest.progress.bytes_total,
    counts: rest.counts,
    reasons: rest.reasons,
    error: rest.error,
    createdAt: rest.created_at,
    startedAt: rest.started_at,
    finishedAt: rest.finished_at,
  });
  const cancel = `mutation($id: UUID!) { cancelImport(id: $id) }`;
  expect((await gqlError(server, await readOnly(server, user), cancel, { id: done.id })).code).toBe('FORBIDDEN');
  expect((await gqlError(server, other, cancel, { id: done.id })).code).toBe('NOT_FOUND');
  expect(await gqlData(server, user, cancel, { id: done.id })).toEqual({ cancelImport: true });
  expect((await gqlError(server, user, q, { id: done.id })).code).toBe('NOT_FOUND');
});

test('import.finished goes to webhooks with the import as GET shows it', async () => {
  const receiver = await startReceiver();
  try {
    const user = await signUp(server);
    const hook = await server
      .api()
      .post(`/users/${user.id}/webhooks`)
      .set(user.auth)
      .send({ url: receiver.url('/imports'), events: ['import.finished'] });
    expect(hook.status).toBe(201);
    const done = await imported(server, user, GPX);
    const [delivery] = await receiver.waitFor(1, '/imports');
    const body = JSON.parse(delivery.body);
    expect(body.type).toBe('import.finished');
    expect(body.data).toEqual((await server.api().get(`/users/${user.id}/imports/${done.id}`).set(user.auth)).body);
  } finally {
    await receiver.stop();
  }
});

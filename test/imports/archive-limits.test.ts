import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { ServerProcess } from '../helpers/process.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { rssMb, withBoundedServer } from './bounded-server.ts';

/**
 * POST /users/{id}/import with archives made to exhaust the server: one NDJSON line of tens of
 * megabytes of spaces (a ZIP of a few dozen kilobytes; readline held the whole line, and a 490 KB
 * archive made the server use 1.2 GB, two at once killed it), an archive that inflates a
 * thousandfold, and an oversized manifest. The server runs in its own process with its heap capped
 * at HEAP_MB, its resident memory sampled while it reads.
 */
const GROWTH_BOUND_MB = 150;
const MiB = 1024 * 1024;

let server: ServerProcess;
withBoundedServer((s) => (server = s));

const event = (notes: string) =>
  JSON.stringify({
    id: randomUUID(),
    occurred_at: '2026-01-01T10:00:00.000Z',
    local_date: '2026-01-01',
    notes,
    tags: [],
    metadata: {},
    source: 'user',
    created_at: '2026-01-01T10:00:00.000Z',
    updated_at: '2026-01-01T10:00:00.000Z',
  });

/** An archive whose event.ndjson holds a good line, one line of `spacesMb` MiB of spaces inside a note, and another good line. */
async function archiveWithHugeLine(spacesMb: number, manifest: object = {}): Promise<Buffer> {
  const zip = new ZipFile();
  const base = {
    format: 'lifetrack-archive',
    format_version: 1,
    user_id: randomUUID(),
    timezone: 'UTC',
    exported_at: new Date().toISOString(),
  };
  zip.addBuffer(Buffer.from(JSON.stringify({ ...base, counts: { event: 3 }, files: ['event.ndjson'], ...manifest })), 'manifest.json');
  async function* lines() {
    yield Buffer.from(`${event('before')}\n`);
    const [head, tail] = event('HUGE').split('HUGE');
    yield Buffer.from(head);
    const spaces = Buffer.alloc(MiB, 0x20);
    for (let i = 0; i < spacesMb; i++) yield spaces;
    yield Buffer.from(`${tail}\n`);
    yield Buffer.from(`${event('after')}\n`);
  }
  zip.addReadStream(Readable.from(lines()), 'event.ndjson');
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** The answers to `archives` sent at once, with the server's RSS growth meanwhile. */
async function measured(user: TestUser, archives: Buffer[]) {
  const pid = server.child.pid!;
  const baseline = rssMb(pid);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
  try {
    const answers = await Promise.all(
      archives.map((zip) => server.api().post(`/users/${user.id}/import`).set(user.auth).set('Content-Type', 'application/zip').send(zip)),
    );
    return { answers, growthMb: peak - baseline };
  } finally {
    clearInterval(sampler);
  }
}

test('a line of 60 MiB of spaces (a 60 KB ZIP) is refused as too large without being held, the lines around it imported; two at once too', async () => {
  const u = await signUp(server);
  const zip = await archiveWithHugeLine(60);
  expect(zip.length).toBeLessThan(MiB);
  const { answers, growthMb } = await measured(u, [zip, zip]);
  console.log(`[archive] ${zip.length} bytes zipped, a 60 MiB line, two at once: RSS +${growthMb.toFixed(0)} MB`);
  for (const res of answers) expect(res.status).toBe(200);
  const reason = `event.ndjson line 2: over ${MiB} bytes (${60 * MiB + event('').length}): not read`;
  // One of the two created the good lines, the other found them there.
  expect(answers.map((a) => a.body.types.event).sort((a, b) => b.created - a.created)).toEqual([
    { created: 2, skipped: 0, refused: 1, reasons: [reason] },
    { created: 0, skipped: 2, refused: 1, reasons: [reason] },
  ]);
  expect(growthMb).toBeLessThan(GROWTH_BOUND_MB);
  expect(server.child.exitCode).toBeNull();
  const notes = (await server.api().get(`/users/${u.id}/events`).set(u.auth)).body.map((e: { notes: string }) => e.notes);
  expect(notes.sort()).toEqual(['after', 'before']);
}, 120_000);

test('an archive that inflates a thousandfold (200 MiB from 200 KB) is refused before anything is inflated; so is a manifest over 1 MiB', async () => {
  const u = await signUp(server);
  const bomb = await archiveWithHugeLine(200);
  expect(bomb.length).toBeLessThan(MiB);
  const { answers, growthMb } = await measured(u, [bomb]);
  expect(answers[0].status).toBe(422);
  expect(answers[0].body.detail[0]).toMatchObject({ loc: ['body'], msg: expect.stringMatching(/more than 100 times its size/) });
  expect(growthMb).toBeLessThan(GROWTH_BOUND_MB);

  const bigManifest = await archiveWithHugeLine(0, { padding: ' '.repeat(2 * MiB) });
  const res = await server.api().post(`/users/${u.id}/import`).set(u.auth).set('Content-Type', 'application/zip').send(bigManifest);
  expect(res.status).toBe(422);
  expect(res.body.detail[0].msg).toBe(`Not a Lifetrack archive: manifest.json is over ${MiB} bytes`);
  expect((await server.api().get(`/users/${u.id}/events`).set(u.auth)).body).toEqual([]);
}, 120_000);

import { readFileSync } from 'node:fs';
import { withServer, type SharedServer } from '../helpers/server.ts';
import { signUp } from '../helpers/users.ts';
import { fixtureBytes, imported, upload } from './uploads.ts';

/**
 * Every location fixture (test/fixtures/imports/{google,tracks}/expected.json gives each one's
 * exact counts, worked out from the format's documentation) goes through HTTP, undeclared: its
 * format is recognised, its records counted by what became of them, and a second upload of the
 * same file adds nothing.
 */
type Expected = { file: string; format?: string; points?: number; visits?: number; skipped?: Record<string, number>; stub?: true };
const expected = (group: string): (Expected & { path: string })[] =>
  (JSON.parse(readFileSync(new URL(`../fixtures/imports/${group}/expected.json`, import.meta.url), 'utf8')) as Expected[]).map((e) => ({
    ...e,
    path: `${group}/${e.file}`,
  }));
const FIXTURES = [...expected('google'), ...expected('tracks')];

let server: SharedServer;
withServer((f) => ({ server } = f));

const skippedOf = (e: Expected) => Object.fromEntries(Object.entries(e.skipped ?? {}).filter(([, n]) => n > 0));
const nonZero = (counts: Record<string, number>) => Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0));

describe.each(FIXTURES.filter((f) => !f.stub))('$path', (f) => {
  test(`is recognised as ${f.format}, counted exactly, and adds nothing the second time`, async () => {
    const user = await signUp(server);
    const bytes = fixtureBytes(f.path);
    const first = await imported(server, user, bytes, { filename: f.file });
    const records = (f.points ?? 0) + (f.visits ?? 0);
    const skipped = Object.values(skippedOf(f)).reduce((a, b) => a + b, 0);
    expect(first).toMatchObject({ status: 'succeeded', format: null, detected_format: f.format, filename: f.file, error: null });
    expect(first.progress).toEqual({ bytes_read: bytes.length, bytes_total: bytes.length });
    expect({ ...first.counts, skipped: nonZero(first.counts.skipped), unmapped: {} }).toEqual({
      read: records + skipped,
      created: records,
      present: 0,
      skipped: skippedOf(f),
      unmapped: {},
    });
    expect(first.reasons.length).toBe(Math.min(20, skipped));

    const again = await imported(server, user, bytes);
    expect(again).toMatchObject({ status: 'succeeded', detected_format: f.format });
    expect({ ...again.counts, skipped: nonZero(again.counts.skipped) }).toMatchObject({
      read: records + skipped,
      created: 0,
      present: records,
      skipped: skippedOf(f),
    });
  });
});

describe.each(FIXTURES.filter((f) => f.stub))('the Takeout stub $path', (f) => {
  test('is refused with where the real export is made', async () => {
    const user = await signUp(server);
    const res = await upload(server, user, fixtureBytes(f.path), { filename: f.file });
    expect(res.status).toBe(422);
    const msg = res.body.detail.map((d: { msg: string }) => d.msg).join(' ');
    expect(msg).toMatch(/Android/);
    expect(msg).toMatch(/iOS|iPhone/);
    expect((await server.api().get(`/users/${user.id}/imports`).set(user.auth)).body).toEqual([]);
  });
});

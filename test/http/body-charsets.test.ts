import { request } from 'node:http';
import { killAll, processDatabase, spawnServer, type ServerProcess } from '../helpers/process.ts';
import { withServer, type HttpServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';

/**
 * A JSON body is read in its charset, alike in the sources (the tests' in-process server, express's
 * body readers with iconv-lite) and in the bundle `npm start` runs, where UTF-8 is decoded without
 * iconv-lite and any other charset loads it (scripts/bundle-shims/iconv-lite-utf8.mjs): a byte order
 * mark dropped, a character split across packets joined, UTF-16 read, Latin-1 (not a charset of
 * JSON) and a charset that does not exist a 415.
 */
let shared: HttpServer;
let sharedOwner: TestUser;
withServer((f) => ({ server: shared, owner: sharedOwner } = f));

let db: Awaited<ReturnType<typeof processDatabase>>;
let bundle: ServerProcess;
let bundleOwner: TestUser;
beforeAll(async () => {
  db = await processDatabase('migrated');
  bundle = await spawnServer({ ...db.env, WORKERS: '0' });
  bundleOwner = await signUp(bundle);
}, 120_000);
afterAll(async () => {
  await killAll();
  await db?.drop();
});

/** Posts `chunks` as one event's body, each chunk written on its own after a pause. */
function post(url: string, user: TestUser, chunks: Buffer[], charset: string) {
  const length = chunks.reduce((n, c) => n + c.length, 0);
  return new Promise<{ status: number; body: { notes?: string; detail?: unknown } }>((resolve, reject) => {
    const req = request(
      `${url}/users/${user.id}/events`,
      {
        method: 'POST',
        headers: { ...user.auth, 'Content-Type': `application/json; charset=${charset}`, 'Content-Length': length },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    const next = (i: number) => {
      if (i === chunks.length) return req.end();
      req.write(chunks[i]);
      setTimeout(() => next(i + 1), 20);
    };
    next(0);
  });
}

const NOTES = 'café ☕ naïve 𝄞';
const json = (notes: string) => JSON.stringify({ notes });

describe.each([
  ['the sources', () => ({ url: shared.url, user: sharedOwner })],
  ['the bundle npm start runs', () => ({ url: bundle.url, user: bundleOwner })],
])('%s', (_name, target) => {
  test('UTF-8 with a byte order mark, and split inside a character: the text as sent', async () => {
    const { url, user } = target();
    const withBom = await post(url, user, [Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(json(NOTES))])], 'utf-8');
    expect(withBom.status).toBe(201);
    expect(withBom.body.notes).toBe(NOTES);
    // Every byte its own packet: the two-, three- and four-byte characters arrive in pieces.
    const bytes = Buffer.from(json(NOTES));
    const split = await post(
      url,
      user,
      [...bytes].map((b) => Buffer.from([b])),
      'utf-8',
    );
    expect(split.status).toBe(201);
    expect(split.body.notes).toBe(NOTES);
  }, 30_000);

  test('UTF-16 is read in its charset; a charset JSON is not written in, or one that does not exist, is a 415', async () => {
    const { url, user } = target();
    const sixteen = await post(url, user, [Buffer.from(json(NOTES), 'utf16le')], 'utf-16le');
    expect(sixteen.status).toBe(201);
    expect(sixteen.body.notes).toBe(NOTES);
    for (const charset of ['iso-8859-1', 'utf-9']) {
      const refused = await post(url, user, [Buffer.from(json('café'), 'latin1')], charset);
      expect(refused.status).toBe(415);
      expect(typeof refused.body.detail).toBe('string');
    }
  });
});

import { processDatabase, spawnServer } from '../helpers/process.ts';

/**
 * A server others can reach (HOST beyond loopback) without PUBLIC_URL says so at start; with it, or
 * on loopback, it does not. Nothing here depends on the database: it runs where the README's
 * `npm test` runs (embedded), not again in CI's PostgreSQL run.
 */
const embedded = process.env.DATABASE_URL ? test.skip : test;
let database: Awaited<ReturnType<typeof processDatabase>>;
beforeAll(async () => {
  database = await processDatabase('migrated');
});
afterAll(() => database.drop());

const WARNING = /PUBLIC_URL is not set: the OAuth issuer/;

embedded(
  'listening on every address without PUBLIC_URL: a warning once started; with PUBLIC_URL: none',
  async () => {
    const open = await spawnServer({ ...database.env, HOST: '0.0.0.0' });
    await open.waitForLog(WARNING);
    const line = open
      .logs()
      .split('\n')
      .find((l) => WARNING.test(l))!;
    expect(JSON.parse(line)).toMatchObject({ level: 40 });
    expect(await open.stop()).toBe(0);

    const set = await spawnServer({ ...database.env, HOST: '0.0.0.0', PUBLIC_URL: 'https://track.example.com' });
    expect((await set.api().get('/.well-known/oauth-authorization-server')).body.issuer).toBe('https://track.example.com');
    expect(set.logs()).not.toMatch(WARNING);
    expect(await set.stop()).toBe(0);
  },
  180_000,
);

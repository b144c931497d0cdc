import { readFileSync } from 'node:fs';
import { DASHBOARD_QUERY } from '../../src/http/dashboard-query.ts';
import { gqlData } from '../helpers/graphql.ts';
import { withServer, type HttpServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';

/**
 * GET /graphql over plain HTTP: a browser's navigation gets the GraphiQL page and its assets
 * without a token, every other GET is the GraphQL endpoint as before. The page in a real browser
 * is explorer.browser.test.ts.
 */
let server: HttpServer;
let owner: TestUser;
withServer((f) => ({ server, owner } = f));

/** What Chromium sends when the address bar opens a page. */
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

const page = () => server.api().get('/graphql').set('Accept', BROWSER_ACCEPT);
const assetUrls = (html: string) => [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1].replaceAll('&amp;', '&'));

test("the README's dashboard query is the explorer's default query, character for character", () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  expect(readme).toContain(`cat > dashboard.graphql <<'EOF'\n${DASHBOARD_QUERY}\nEOF\n`);
});

test('a browser opening /graphql gets the explorer page without a token: no inline script, the default query in it', async () => {
  const res = await page();
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.headers.vary).toMatch(/\bAccept\b/i);
  expect(res.headers['cache-control']).toBe('no-cache');
  // helmet's default policy: scripts only from this origin.
  expect(res.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
  expect(res.text).toMatch(/<input type="password" id="token"/);
  expect(res.text).not.toMatch(/<script(?![^>]*\bsrc=)/);
  expect(res.text).not.toMatch(/\bon\w+=/);
  const attr = /data-default-query="([^"]*)"/.exec(res.text)![1];
  const decoded = attr.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!);
  expect(decoded).toBe(DASHBOARD_QUERY);
  // Every asset from this server, none from a CDN.
  const urls = assetUrls(res.text);
  expect(urls.map((u) => u.replace(/\?.*/, '')).sort()).toEqual(
    ['explorer.css', 'explorer.js', 'graphiql.css', 'graphiql.js', 'react-dom.js', 'react.js'].map((n) => `/graphql/explorer/${n}`),
  );
});

test('the assets answer with their content type and a year of caching, without a token', async () => {
  const { text } = await page();
  for (const url of assetUrls(text)) {
    const res = await server.api().get(url);
    expect([url, res.status]).toEqual([url, 200]);
    expect([url, res.headers['content-type']]).toEqual([url, expect.stringMatching(url.includes('.css') ? /^text\/css/ : /javascript/)]);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'] ?? res.text.length)).toBeGreaterThan(100);
  }
  const graphiql = await server.api().get('/graphql/explorer/graphiql.js');
  expect(graphiql.text).toContain('GraphiQL');
  const map = await server.api().get('/graphql/explorer/index.umd.js.map');
  expect(map.status).toBe(200);
  expect((await server.api().get('/graphql/explorer/package.json')).status).toBe(404);
  expect((await server.api().get('/graphql/explorer/..%2Fpackage.json')).status).toBe(404);
});

test('API clients still reach the GraphQL endpoint: no token is a 401, a GET query answers JSON', async () => {
  for (const accept of ['application/json', 'application/graphql-response+json, application/json', '*/*', undefined]) {
    const req = server.api().get('/graphql');
    const res = await (accept ? req.set('Accept', accept) : req);
    expect([accept, res.status]).toEqual([accept, 401]);
    expect(res.headers['content-type']).toMatch(/json/);
  }
  // A query in the URL is a GraphQL request even from a browser's Accept header.
  for (const accept of ['application/json', BROWSER_ACCEPT]) {
    const res = await server
      .api()
      .get('/graphql?query={__typename}')
      .set('Accept', accept)
      .set(owner.auth)
      .set('apollo-require-preflight', 'true');
    expect([accept, res.status]).toEqual([accept, 200]);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.body).toEqual({ data: { __typename: 'Query' } });
  }
  expect((await server.api().get('/graphql?query={__typename}').set('Accept', BROWSER_ACCEPT)).status).toBe(401);
});

test('the default query runs as it stands', async () => {
  const data = await gqlData(server, owner, DASHBOARD_QUERY);
  expect(Object.keys(data.me).sort()).toEqual(['episodes', 'goals', 'insightGraph', 'suggestions']);
});

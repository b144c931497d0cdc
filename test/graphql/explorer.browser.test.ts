import { jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { ARTIFACTS, withBrowser } from '../helpers/browser.ts';
import { captureParsed } from '../captures/flow.ts';
import { withIsolatedServer, withServer, type HttpServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';
import { DASHBOARD_QUERY } from '../../src/http/dashboard-query.ts';

/**
 * The GraphQL explorer (GET /graphql in a browser) in a real headless Chromium, as a person uses it:
 * paste a token, run the default (the README's dashboard) query, read the answer. Every request
 * that leaves the server's origin is refused and recorded: the page must work offline.
 * Screenshots go to test-artifacts/ (gitignored).
 */
jest.setTimeout(120_000);

const { describe: browserDescribe, browser } = withBrowser("the GraphQL explorer's browser tests");

type Explorer = {
  page: Page;
  /** Console errors and uncaught exceptions of the page. */
  errors: string[];
  /** Every request that was not to the server's origin (each refused). */
  outside: string[];
  /** The Authorization header of each request to /graphql the page made. */
  graphqlAuth: (string | undefined)[];
};

async function openExplorer(server: HttpServer): Promise<Explorer> {
  const origin = new URL(server.url).origin;
  // A context of its own: nothing of another test's page (storage, cookies) is seen here.
  const context = await browser().newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  const explorer: Explorer = { page, errors: [], outside: [], graphqlAuth: [] };
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (new URL(url).origin === origin) return route.continue();
    explorer.outside.push(url);
    return route.abort('blockedbyclient');
  });
  page.on('console', (m) => m.type() === 'error' && explorer.errors.push(m.text()));
  page.on('pageerror', (e) => explorer.errors.push(e.message));
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === '/graphql' && req.method() === 'POST') explorer.graphqlAuth.push(req.headers()['authorization']);
  });
  const response = await page.goto(`${server.url}/graphql`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-type']).toMatch(/^text\/html/);
  // GraphiQL rendered: its run button is there.
  await runButton(page).waitFor();
  return explorer;
}

const runButton = (page: Page) => page.getByRole('button', { name: /Execute query/ });

/** The text of one of GraphiQL's CodeMirror editors (CodeMirror draws only the lines in view; its instance has it all). */
const editorText = (page: Page, selector: string) =>
  page.locator(`${selector} .CodeMirror`).evaluate((el) => (el as { CodeMirror?: { getValue(): string } }).CodeMirror?.getValue() ?? '');

/** The response pane's whole text, once it holds what `until` waits for. */
async function responseText(page: Page, until: (text: string) => boolean): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const text = await editorText(page, '.graphiql-response');
    if (until(text)) return text;
    if (Date.now() > deadline) throw new Error(`the response pane never showed what was awaited; it shows: ${text.slice(0, 500)}`);
    await page.waitForTimeout(100);
  }
}

const queryText = (page: Page) => editorText(page, '.graphiql-query-editor');

browserDescribe('with introspection (the default)', () => {
  let server: HttpServer;
  let owner: TestUser;
  withServer((f) => ({ server, owner } = f));

  let eventId: string;
  beforeAll(async () => {
    // Something the dashboard shows, only this user's: a goal with an odd target, an accepted suggestion's event.
    await server.api().put(`/users/${owner.id}/goals/steps`).set(owner.auth).send({ target: 12345, direction: 'at_least' }).expect(200);
    const capture = await captureParsed(server, owner, 'ran 5k this morning in 27 min, 2 coffees');
    await server.api().post(`/users/${owner.id}/suggestions/${capture.suggestions[0].id}/accept`).set(owner.auth).send({}).expect(200);
    const accepted = await server.api().get(`/users/${owner.id}/suggestions?status=accepted`).set(owner.auth).expect(200);
    eventId = accepted.body.suggestions[0].resulting_event_id;
    expect(eventId).toBeTruthy();
  });

  test("paste a token, run the dashboard query: the user's data, nothing fetched beyond the server, no console error", async () => {
    const { page, errors, outside, graphqlAuth } = await openExplorer(server);
    try {
      expect(await queryText(page)).toBe(DASHBOARD_QUERY);
      // No token yet: the page asked the server nothing (introspection waits for a token).
      expect(graphqlAuth).toEqual([]);

      await page.getByLabel('Bearer token').fill(owner.token);
      expect(await page.getByLabel('Bearer token').getAttribute('type')).toBe('password');
      // The token makes GraphiQL fetch the schema: the doc explorer shows the root types.
      await page.getByRole('button', { name: /Show Documentation Explorer/ }).click();
      await page.locator('.graphiql-doc-explorer').getByText('Query', { exact: true }).first().waitFor();

      await runButton(page).click();
      const text = await responseText(page, (t) => t.includes('"data"'));
      const me = (JSON.parse(text) as { data: { me: Record<string, any> } }).data.me;
      expect(me.goals).toEqual(expect.arrayContaining([expect.objectContaining({ slug: 'steps', target: 12345, isSet: true })]));
      expect(me.suggestions.items.map((s: { resultingEvent: { id: string } }) => s.resultingEvent.id)).toContain(eventId);
      await page.screenshot({ path: `${ARTIFACTS}/graphql-explorer.png` });

      // Every GraphQL request (introspection, then the query) carried the field's token.
      expect(graphqlAuth.length).toBeGreaterThanOrEqual(2);
      expect(new Set(graphqlAuth)).toEqual(new Set([`Bearer ${owner.token}`]));
      // The token is kept for the tab: a reload finds it in the field.
      await page.reload();
      await runButton(page).waitFor();
      expect(await page.getByLabel('Bearer token').inputValue()).toBe(owner.token);

      expect(outside).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  test("queries and variables are kept for the tab only (sessionStorage), never in localStorage; an older page's entries there are removed", async () => {
    const { page, outside } = await openExplorer(server);
    try {
      const stored = (where: 'localStorage' | 'sessionStorage') =>
        page.evaluate((w) => {
          type Store = { length: number; key(i: number): string | null; getItem(k: string): string | null };
          const s = (globalThis as unknown as Record<string, Store>)[w];
          return Object.fromEntries(Array.from({ length: s.length }, (_, i) => [s.key(i)!, s.getItem(s.key(i)!)]));
        }, where);
      // What GraphiQL before this page's storage setting left behind.
      await page.evaluate(() => localStorage.setItem('graphiql:variables', '{"notes":"left by an older page"}'));
      await page.reload();
      await runButton(page).waitFor();
      expect(await stored('localStorage')).toEqual({});

      await page.getByLabel('Bearer token').fill(owner.token);
      await page.getByRole('button', { name: /Variables/ }).click();
      await page
        .locator('.graphiql-editor-tool .CodeMirror')
        .first()
        .evaluate((el) =>
          (el as unknown as { CodeMirror: { setValue(v: string): void } }).CodeMirror.setValue('{"notes": "my private note 4711"}'),
        );
      await runButton(page).click();
      await responseText(page, (t) => t.includes('"data"'));
      // GraphiQL saves its tabs as they change: in this tab's sessionStorage.
      const deadline = Date.now() + 30_000;
      while (!JSON.stringify(await stored('sessionStorage')).includes('my private note 4711')) {
        if (Date.now() > deadline)
          throw new Error(`GraphiQL never saved the variables in sessionStorage: ${JSON.stringify(await stored('sessionStorage'))}`);
        await page.waitForTimeout(100);
      }
      expect(await stored('localStorage')).toEqual({});
      expect(outside).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  test('Ctrl-Enter runs the query: a wrong token shows the 401 in the pane, the right one typed over it the data', async () => {
    const { page, outside } = await openExplorer(server);
    try {
      await page.getByLabel('Bearer token').fill('not-a-token');
      await page.locator('.graphiql-query-editor .CodeMirror').click();
      await page.keyboard.press('Control+Enter');
      const refused = await responseText(page, (t) => t.includes('detail'));
      expect(refused).not.toContain('"data"');

      await page.getByLabel('Bearer token').fill(owner.token);
      await page.locator('.graphiql-query-editor .CodeMirror').click();
      await page.keyboard.press('Control+Enter');
      const text = await responseText(page, (t) => t.includes('"data"'));
      expect(text).toContain('12345');
      expect(outside).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});

browserDescribe('with GRAPHQL_INTROSPECTION=false', () => {
  let server: HttpServer;
  let owner: TestUser;
  withIsolatedServer(
    (f) => ({ server, owner } = f),
    {},
    () => ({ graphqlIntrospection: false }),
  );

  test('the page loads and the query runs; only the refused introspection is an error', async () => {
    const { page, errors, outside } = await openExplorer(server);
    try {
      await page.getByLabel('Bearer token').fill(owner.token);
      // GraphiQL shows the refused introspection in the response pane; then the query runs all the same.
      const refused = await responseText(page, (t) => t.includes('introspection is not allowed'));
      expect(refused).not.toContain('"data"');
      await runButton(page).click();
      const text = await responseText(page, (t) => t.includes('"data"'));
      expect(JSON.parse(text).data.me.goals.length).toBeGreaterThan(0);
      expect(outside).toEqual([]);
      // The browser logs the introspection's 400s (GraphiQL retries it once without subscriptions), nothing else.
      expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});

import { readFile } from 'node:fs/promises';
import { jest } from '@jest/globals';
import type { Locator, Page } from 'playwright-core';
import { ARTIFACTS, withBrowser } from '../helpers/browser.ts';
import { withServer, type SharedServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';
import { ingestOk, reading } from '../metrics/support.ts';

/**
 * A share link's report (GET /s/{token}) in a real headless Chromium, as the person it is shared
 * with opens, reads and prints it: one self-contained page (every request that leaves the server's
 * origin is refused and recorded; the page's CSP would refuse it too, and a refusal is a console
 * error), charts that fit the window, a print layout that makes a short A4 or Letter PDF, and a
 * password share that asks once, then opens by its cookie. Screenshots go to test-artifacts/
 * (gitignored); the checks are on the page's parts, not its pixels.
 */
jest.setTimeout(120_000);

const { describe: browserDescribe, browser } = withBrowser("the share report's browser tests");

const LABEL = 'For Dr. K';
const SCOPE = { metrics: ['steps', 'resting_heart_rate'], goals: ['steps'], tags: ['ibuprofen'] };
/** The metrics' section headings (title and unit), each above its line chart. */
const METRIC_HEADINGS = ['Steps (count)', 'Resting heart rate (bpm)'];
/** A phone's width: charts shrink to it (max-width: 100%). */
const PHONE_WIDTH = 375;

type Visit = {
  page: Page;
  /** The share's report address, `${server.url}/s/${token}`. */
  link: string;
  /** Console errors (a CSP violation is one) and uncaught exceptions of the page. */
  errors: string[];
  /** Every request that was not to the server's origin (each refused). */
  outside: string[];
};

/** A page in a context of its own (no cookie of another test's page), every request off the server's origin refused and recorded. */
async function visit(server: SharedServer, token: string): Promise<Visit> {
  const origin = new URL(server.url).origin;
  const context = await browser().newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  const v: Visit = { page, link: `${server.url}/s/${token}`, errors: [], outside: [] };
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (new URL(url).origin === origin) return route.continue();
    v.outside.push(url);
    return route.abort('blockedbyclient');
  });
  page.on('console', (m) => m.type() === 'error' && v.errors.push(m.text()));
  page.on('pageerror', (e) => v.errors.push(e.message));
  return v;
}

/** Opens the report: a 200 HTML page with the share's CSP. */
async function openReport(v: Visit): Promise<void> {
  const response = await v.page.goto(v.link);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-type']).toMatch(/^text\/html/);
  expect(response?.headers()['content-security-policy']).toMatch(/^default-src 'none'; style-src 'unsafe-inline'; img-src data:/);
}

/** A share of March 2026 (the owner's data below), living a week; `extra`: a password, say. Its token. */
async function createShare(server: SharedServer, owner: TestUser, extra: Record<string, unknown> = {}): Promise<string> {
  const expires_at = new Date(Date.now() + 7 * 86_400_000).toISOString();
  const res = await server
    .api()
    .post(`/users/${owner.id}/shares`)
    .set(owner.auth)
    .send({ label: LABEL, scope: SCOPE, from: '2026-03-01', to: '2026-03-31', expires_at, ...extra })
    .expect(201);
  expect(res.body.url).toBe(`/s/${res.body.token}`);
  return res.body.token as string;
}

/** The page's charts: each an SVG with an accessible name, inline (<svg role="img">) or as an image of its own (<img src="data:image/svg+xml...">). */
const charts = (scope: Page | Locator) => scope.getByRole('img');

type ChartFacts = { svg: boolean; drawn: boolean; left: number; right: number; width: number; height: number };

/** The little of the browser's window these checks read (the project compiles without the DOM's types). */
type BrowserWindow = {
  innerWidth: number;
  document: { documentElement: { scrollWidth: number } };
  getComputedStyle: (el: unknown) => { display: string };
};
/** An <img>, as far as a chart's checks go. */
type ImageElement = { src: string; complete: boolean; naturalWidth: number };

/** Whether a chart is an SVG and was drawn (an image's data decoded, not refused or broken), and where it is. */
const chartFacts = (chart: Locator): Promise<ChartFacts> =>
  chart.evaluate((el) => {
    const image = el.tagName === 'IMG' ? (el as unknown as ImageElement) : undefined;
    const box = el.getBoundingClientRect();
    return {
      svg: image ? image.src.startsWith('data:image/svg+xml') : el.tagName.toLowerCase() === 'svg',
      drawn: image ? image.complete && image.naturalWidth > 0 : true,
      left: box.left,
      right: box.right,
      width: box.width,
      height: box.height,
    };
  });

/** Whether the document is no wider than the window (no horizontal scrolling). */
const noHorizontalOverflow = (page: Page) =>
  page.evaluate(() => {
    const w = globalThis as unknown as BrowserWindow;
    return w.document.documentElement.scrollWidth <= w.innerWidth;
  });

/** A PDF's page count (page objects are `/Type /Page`, their tree `/Type /Pages`) and each page's MediaBox, as Chromium writes them (uncompressed). */
function pdfFacts(pdf: Buffer): { pages: number; mediaBoxes: number[][] } {
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const text = pdf.toString('latin1');
  return {
    pages: text.match(/\/Type\s*\/Page[^s]/g)?.length ?? 0,
    mediaBoxes: [...text.matchAll(/\/MediaBox\s*\[([^\]]*)\]/g)].map((m) => m[1].trim().split(/\s+/).map(Number)),
  };
}

/**
 * Whether a MediaBox is `width` x `height` points, to within a point: Chromium lays a page out in
 * CSS pixels, so A4 (595.28 x 841.89 pt exactly) comes out as 595.92 x 842.88 (`595.91998 842.88`).
 */
const sized = (width: number, height: number) => (box: number[]) =>
  box.length === 4 && box[0] === 0 && box[1] === 0 && Math.abs(box[2] - width) < 1 && Math.abs(box[3] - height) < 1;

/** Submits the password form: the answer's status, once its page has loaded. */
async function submitPassword(v: Visit, password: string): Promise<number> {
  await v.page.getByLabel('Password').fill(password);
  const [response] = await Promise.all([
    v.page.waitForResponse((r) => r.request().method() === 'POST' && r.url() === v.link),
    v.page.waitForEvent('load'),
    v.page.getByRole('button', { name: 'Open' }).click(),
  ]);
  return response.status();
}

browserDescribe('a share link opened in a browser', () => {
  let server: SharedServer;
  let owner: TestUser;
  withServer((f) => ({ server, owner } = f), { timezone: 'Europe/Berlin' });

  beforeAll(async () => {
    // Two metrics (a line chart each), the steps goal (a heatmap), ibuprofen on three days (a heatmap), all in March 2026.
    const days = ['02', '03', '05', '09', '10', '16', '20', '24', '30'];
    await ingestOk(server, owner, [
      ...days.map((d, i) => reading({ metric_type_slug: 'steps', value: 4000 + 500 * i, recorded_at: `2026-03-${d}T10:00:00Z` })),
      ...days.map((d, i) =>
        reading({ metric_type_slug: 'resting_heart_rate', value: 58 + (i % 4), recorded_at: `2026-03-${d}T06:00:00Z` }),
      ),
    ]);
    await server.api().put(`/users/${owner.id}/goals/steps`).set(owner.auth).send({ target: 6000, direction: 'at_least' }).expect(200);
    for (const at of ['2026-03-03T08:00:00Z', '2026-03-03T20:00:00Z', '2026-03-10T09:30:00Z', '2026-03-21T12:00:00Z'])
      await server
        .api()
        .post(`/users/${owner.id}/events`)
        .set(owner.auth)
        .send({ occurred_at: at, tags: ['ibuprofen'] })
        .expect(201);
  });

  test('the report is self-contained: its sections, a chart per metric, goal and tag, the nav linking to the CSV and FHIR files', async () => {
    const v = await visit(server, await createShare(server, owner));
    const { page } = v;
    try {
      await openReport(v);
      expect(await page.locator('h1').textContent()).toBe(LABEL);
      expect(await page.title()).toBe(LABEL);
      expect(await page.locator('h2').allTextContents()).toEqual(['Measurements', 'Goals', 'Logged tags']);

      // A chart per metric, each in its own section under the metric's heading, named for what it shows.
      const sectionOf = (heading: string) =>
        page.locator('section').filter({ has: page.getByRole('heading', { level: 3, name: heading, exact: true }) });
      for (const heading of METRIC_HEADINGS) {
        const title = heading.replace(/ \(.*\)$/, '');
        expect(await charts(sectionOf(heading)).count()).toBe(1);
        expect(
          await sectionOf(heading)
            .getByRole('img', { name: new RegExp(`^${title}: 9 days with data`) })
            .count(),
        ).toBe(1);
      }
      // The goal's heatmap (each day met or missed), the tag's (how often each day), and no other chart.
      expect(
        await sectionOf('Steps')
          .getByRole('img', { name: /^Steps: 5 met, 26 missed/ })
          .count(),
      ).toBe(1);
      expect(await page.getByRole('img', { name: /^#ibuprofen: 4 events/ }).count()).toBe(1);
      expect(await charts(page).count()).toBe(4);
      for (const chart of await charts(page).all()) expect(await chartFacts(chart)).toMatchObject({ svg: true, drawn: true });
      // The tag's table (times, days) and its timeline, in the owner's time zone (08:00Z is 9:00 in Berlin).
      const tagRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'ibuprofen', exact: true }) });
      expect(await tagRow.first().getByRole('cell').allTextContents()).toEqual(['ibuprofen', '4', '3']);
      const when = await page.locator('h3:text-is("Timeline") + table tbody tr td:first-child').allTextContents();
      expect(when.map((w) => w.replace(/\s/g, ' '))).toEqual([
        'Mar 3, 2026, 9:00 AM',
        'Mar 3, 2026, 9:00 PM',
        'Mar 10, 2026, 10:30 AM',
        'Mar 21, 2026, 1:00 PM',
      ]);

      // The nav's links are relative (a proxy's prefix is kept); from the report they are its files.
      const nav = page.getByRole('navigation');
      for (const [name, file] of [
        ['CSV', 'csv'],
        ['FHIR (R4 JSON)', 'fhir'],
      ]) {
        const href = await nav.getByRole('link', { name, exact: true }).getAttribute('href');
        expect(new URL(href!, page.url()).pathname).toBe(`${new URL(v.link).pathname}/${file}`);
      }

      expect(v.outside).toEqual([]);
      expect(v.errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  test("on screen: a full-page screenshot; every chart visible, wide enough and inside the window; on a phone's width the charts shrink to fit", async () => {
    const v = await visit(server, await createShare(server, owner));
    const { page } = v;
    try {
      await openReport(v);
      const shot = await page.screenshot({ path: `${ARTIFACTS}/share-report.png`, fullPage: true });
      // A PNG (its signature), of a page taller than the window (fullPage): the report, not a blank or an error.
      expect(shot.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      expect(shot.length).toBeGreaterThan(20_000);
      const viewport = page.viewportSize()!;
      expect(shot.readUInt32BE(16)).toBe(viewport.width);
      expect(shot.readUInt32BE(20)).toBeGreaterThan(viewport.height);

      expect(await noHorizontalOverflow(page)).toBe(true);
      for (const chart of await charts(page).all()) {
        expect(await chart.isVisible()).toBe(true);
        const facts = await chartFacts(chart);
        // Drawn at their own size: a month's heatmap (five week columns and its legend) is the narrowest, ~170 px.
        expect(facts.width).toBeGreaterThan(150);
        expect(facts.height).toBeGreaterThan(100);
        expect(facts.left).toBeGreaterThanOrEqual(0);
        expect(facts.right).toBeLessThanOrEqual(viewport.width);
      }

      // On a phone: the line charts (720 px drawn) scale down with their aspect kept, and a table
      // wider than the screen (the goal's six columns) scrolls on its own; the page does not.
      await page.setViewportSize({ width: PHONE_WIDTH, height: 700 });
      expect(await noHorizontalOverflow(page)).toBe(true);
      for (const chart of await charts(page).all()) {
        const facts = await chartFacts(chart);
        expect(facts.left).toBeGreaterThanOrEqual(0);
        expect(facts.right).toBeLessThanOrEqual(PHONE_WIDTH);
        expect(facts.width).toBeGreaterThan(150);
      }
      const line = await chartFacts(charts(page).first());
      expect(line.width / line.height).toBeCloseTo(720 / 300, 1);

      expect(v.outside).toEqual([]);
      expect(v.errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  test('printed: the nav hidden, a screenshot of the print layout, and A4 and Letter PDFs of one to three pages of their size', async () => {
    const v = await visit(server, await createShare(server, owner));
    const { page } = v;
    try {
      await openReport(v);
      expect(await page.getByRole('navigation').isVisible()).toBe(true);
      await page.emulateMedia({ media: 'print' });
      // Links are no use on paper: the nav goes (@media print), the rest stays.
      expect(await page.locator('nav').evaluate((el) => (globalThis as unknown as BrowserWindow).getComputedStyle(el).display)).toBe(
        'none',
      );
      expect(await page.getByRole('navigation').isVisible()).toBe(false);
      expect(await page.locator('h1').isVisible()).toBe(true);
      expect(await charts(page).count()).toBe(4);
      const shot = await page.screenshot({ path: `${ARTIFACTS}/share-report-print.png`, fullPage: true });
      expect(shot.length).toBeGreaterThan(20_000);

      // page.pdf lays the page out for print itself (the report's @page has size: auto, so the format is the paper).
      for (const [format, width, height] of [
        ['A4', 595.92, 842.88],
        ['Letter', 612, 792],
      ] as const) {
        const { pages, mediaBoxes } = pdfFacts(await page.pdf({ format }));
        expect(pages).toBeGreaterThanOrEqual(1);
        expect(pages).toBeLessThanOrEqual(3);
        // A MediaBox per page, each of the paper's size.
        expect(mediaBoxes).toHaveLength(pages);
        expect(mediaBoxes.filter(sized(width, height))).toHaveLength(pages);
      }

      expect(v.outside).toEqual([]);
      expect(v.errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  test('a password share: a form (401), a wrong password the form again, the right one the report; then the link and its files open by the cookie', async () => {
    const v = await visit(server, await createShare(server, owner, { password: 'correct horse 1' }));
    const { page } = v;
    try {
      const first = await page.goto(v.link);
      expect(first?.status()).toBe(401);
      expect(first?.headers()['content-type']).toMatch(/^text\/html/);
      expect(await page.locator('h1').textContent()).toBe('This share needs its password');
      expect(await page.getByLabel('Password').getAttribute('type')).toBe('password');
      expect(await page.getByText(LABEL).count()).toBe(0);

      expect(await submitPassword(v, 'wrong horse 1')).toBe(401);
      expect(await page.getByText('That password was not right.').isVisible()).toBe(true);
      expect(await page.getByLabel('Password').inputValue()).toBe('');
      expect(await page.getByText(LABEL).count()).toBe(0);

      expect(await submitPassword(v, 'correct horse 1')).toBe(200);
      expect(await page.locator('h1').textContent()).toBe(LABEL);
      expect(await charts(page).count()).toBe(4);
      // The unlock: a cookie of this share only, out of scripts' reach, sent on the same site only.
      const cookies = await page.context().cookies();
      expect(cookies).toEqual([
        expect.objectContaining({ name: expect.stringMatching(/^share_/), path: '/s', httpOnly: true, sameSite: 'Strict' }),
      ]);

      // Opening the link again is a GET without the password (a reload of the POST would send it
      // again): the cookie alone opens the report.
      const again = await page.goto(v.link);
      expect(again?.request().method()).toBe('GET');
      expect(await again?.request().headerValue('cookie')).toContain(`${cookies[0].name}=`);
      expect(again?.status()).toBe(200);
      expect(await page.locator('h1').textContent()).toBe(LABEL);
      expect(await page.getByLabel('Password').count()).toBe(0);

      // The report's CSV link downloads the file, the cookie again its key.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('navigation').getByRole('link', { name: 'CSV', exact: true }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.csv$/);
      const csv = await readFile(await download.path(), 'utf8');
      expect(csv).toMatch(/^\uFEFFdate,kind,name,value,unit\r?\n/);
      expect(csv).toMatch(/^2026-03-02,metric,steps,4000,count\r?$/m);

      expect(v.outside).toEqual([]);
      // The browser logs each page that came with a 401 (the form, the wrong password's); nothing else.
      expect(v.errors).toEqual(Array(2).fill('Failed to load resource: the server responded with a status of 401 (Unauthorized)'));
    } finally {
      await page.context().close();
    }
  });
});

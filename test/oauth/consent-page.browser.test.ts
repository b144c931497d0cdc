import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jest } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { ARTIFACTS, browserAvailable, launchChromium } from '../helpers/browser.ts';
import { withServer, type HttpServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { exchange, pkce, registerClient } from '../helpers/oauth.ts';
import { codeAt } from '../helpers/totp.ts';

/**
 * The sign-in and consent page in a real headless Chromium, as a person uses it: fill the form,
 * approve or deny, and land on the application's redirect URI (a local HTTP server standing in
 * for the agent). One browser for the file; screenshots go to test-artifacts/ (gitignored).
 */
jest.setTimeout(120_000);

const haveBrowser = browserAvailable("the consent page's browser tests");
const browserTest = haveBrowser ? test : test.skip;

let server: HttpServer;
let owner: TestUser;
withServer((f) => ({ server, owner } = f));

let browser: Browser;
let callback: Server;
let redirectUri: string;
let clientId: string;

beforeAll(async () => {
  if (!haveBrowser) return;
  callback = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="en"><title>Agent callback</title><h1>Back at the agent</h1><p>${req.url?.replace(/[<>&"]/g, '')}</p></html>`,
    );
  });
  await new Promise<void>((resolve) => callback.listen(0, '127.0.0.1', resolve));
  redirectUri = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/callback`;
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  if (callback) await new Promise((resolve) => callback.close(resolve));
});

beforeAll(async () => {
  // After withServer's beforeAll: the server is up.
  if (!haveBrowser) return;
  clientId = await registerClient(server, [redirectUri], 'Research Agent');
});

async function openPage(): Promise<{ page: Page; verifier: string; state: string }> {
  const { verifier, challenge } = pkce();
  const state = `state-${Math.random().toString(36).slice(2)}`;
  const url = new URL('/oauth/authorize', server.url);
  for (const [k, v] of Object.entries({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    scope: 'read',
    state,
  })) {
    url.searchParams.set(k, v);
  }
  const page = await browser.newPage();
  page.setDefaultTimeout(30_000);
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  const response = await page.goto(url.toString());
  expect(response?.status()).toBe(200);
  (page as Page & { consoleErrors?: string[] }).consoleErrors = errors;
  return { page, verifier, state };
}

const consoleErrors = (page: Page) => (page as Page & { consoleErrors?: string[] }).consoleErrors ?? [];

browserTest('approve: fill the form, land on the redirect URI with a code that exchanges', async () => {
  const { page, verifier, state } = await openPage();
  try {
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('Research Agent');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password').fill(owner.password);
    await page.screenshot({ path: `${ARTIFACTS}/oauth-consent-page.png`, fullPage: true });
    await Promise.all([
      page.waitForURL((u) => u.toString().startsWith(redirectUri)),
      page.getByRole('button', { name: 'Approve' }).click(),
    ]);
    const landed = new URL(page.url());
    expect(landed.searchParams.get('state')).toBe(state);
    expect(landed.searchParams.get('iss')).toBe(server.url);
    const code = landed.searchParams.get('code')!;
    expect(code).toBeTruthy();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Back at the agent');
    const tokens = await exchange(server, { clientId, code, verifier, redirectUri });
    expect(tokens.status).toBe(200);
    // The page needs no script and breaks no policy of its own (inline CSS allowed by hash).
    expect(consoleErrors(page)).toEqual([]);
  } finally {
    await page.close();
  }
});

browserTest('deny: back to the application with error=access_denied, without typing anything', async () => {
  const { page, state } = await openPage();
  try {
    await Promise.all([page.waitForURL((u) => u.toString().startsWith(redirectUri)), page.getByRole('button', { name: 'Deny' }).click()]);
    const landed = new URL(page.url());
    expect(landed.searchParams.get('error')).toBe('access_denied');
    expect(landed.searchParams.get('state')).toBe(state);
    expect(landed.searchParams.get('code')).toBeNull();
  } finally {
    await page.close();
  }
});

browserTest('wrong password: the page again, the error announced, the email kept, the password empty', async () => {
  const { page } = await openPage();
  try {
    await page.getByLabel('Email').fill(owner.email);
    await page.getByLabel('Password').fill('not my password');
    await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Approve' }).click()]);
    await page.getByRole('alert').filter({ hasText: 'Incorrect email or password' }).waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe(owner.email);
    expect(await page.getByLabel('Password').inputValue()).toBe('');
    expect(page.url()).toBe(`${server.url}/oauth/authorize`);
    await page.screenshot({ path: `${ARTIFACTS}/oauth-consent-wrong-password.png`, fullPage: true });
    // Then the right password goes through.
    await page.getByLabel('Password').fill(owner.password);
    await Promise.all([
      page.waitForURL((u) => u.toString().startsWith(redirectUri)),
      page.getByRole('button', { name: 'Approve' }).click(),
    ]);
    expect(new URL(page.url()).searchParams.get('code')).toBeTruthy();
  } finally {
    await page.close();
  }
});

browserTest('an account with TOTP: the code field appears after the password, then approve', async () => {
  const u = await signUp(server);
  const secret = (await server.api().post('/auth/totp/setup').set(u.auth)).body.secret as string;
  const at = (steps: number) => codeAt(secret, steps);
  await server
    .api()
    .post('/auth/totp/enable')
    .set(u.auth)
    .send({ code: await at(-1) })
    .expect(200);

  const { page, state } = await openPage();
  try {
    expect(await page.getByLabel(/Authentication code/).count()).toBe(0);
    await page.getByLabel('Email').fill(u.email);
    await page.getByLabel('Password').fill(u.password);
    await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Approve' }).click()]);
    const codeField = page.getByLabel(/Authentication code/);
    await codeField.waitFor();
    await page.screenshot({ path: `${ARTIFACTS}/oauth-consent-totp.png`, fullPage: true });
    await codeField.fill(await at(0));
    await Promise.all([
      page.waitForURL((url) => url.toString().startsWith(redirectUri)),
      page.getByRole('button', { name: 'Approve' }).click(),
    ]);
    const landed = new URL(page.url());
    expect(landed.searchParams.get('code')).toBeTruthy();
    expect(landed.searchParams.get('state')).toBe(state);
  } finally {
    await page.close();
  }
});

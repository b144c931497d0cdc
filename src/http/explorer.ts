import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import express, { type Request } from 'express';
import { DASHBOARD_QUERY } from './dashboard-query.ts';

/**
 * GET /graphql in a browser: GraphiQL 3 (its UMD build, with React 18's) served from node_modules,
 * so the explorer works without a CDN or a network. Only a browser navigation gets the page (an
 * Accept that prefers text/html, no `query` in the URL); every other GET /graphql goes on to the
 * GraphQL handler unchanged. The page and its assets need no token: the token is typed into the
 * page and sent by its fetcher with each request.
 *
 * Helmet's default Content-Security-Policy is enough, so the page gets no policy of its own: the
 * scripts are files from this origin (no inline script, and neither GraphiQL 3's bundle nor React's
 * evaluates strings), the fonts in GraphiQL's CSS are data: URLs (font-src allows them), and the
 * inline styles CodeMirror and React set go through the CSSOM, which style-src does not govern.
 */

const BASE = '/graphql/explorer';
const TOKEN_KEY = 'lifetrack.explorer.token';

/** The page's own script: no inline script, so it is a file like the others. */
const EXPLORER_JS = `(function () {
  'use strict';
  var root = document.getElementById('graphiql');
  var field = document.getElementById('token');
  var endpoint = root.getAttribute('data-endpoint');
  var defaultQuery = root.getAttribute('data-default-query');
  try {
    field.value = sessionStorage.getItem('${TOKEN_KEY}') || '';
  } catch (_) {}
  function token() {
    return field.value.trim();
  }
  // GraphiQL's own fetcher, its fetch wrapped: the Authorization header is read from the field at
  // each request (it wins over one typed into GraphiQL's headers editor).
  function authorizedFetch(url, init) {
    var headers = new Headers((init && init.headers) || {});
    if (token()) headers.set('Authorization', 'Bearer ' + token());
    return window.fetch(url, Object.assign({}, init, { headers: headers }));
  }
  function newFetcher() {
    return GraphiQL.createFetcher({ url: endpoint, fetch: authorizedFetch, enableIncrementalDelivery: false });
  }
  // GraphiQL keeps its tabs (queries, variables, headers) and history in the storage it is given,
  // localStorage by default, where a mutation's variables (personal data) would outlive the tab:
  // this tab's sessionStorage instead, as for the token, and what an older page left in
  // localStorage is removed. Without sessionStorage, memory: nothing outlives the page.
  var storage = memoryStorage();
  try {
    storage = window.sessionStorage;
    for (var i = localStorage.length - 1; i >= 0; i--) {
      var key = localStorage.key(i);
      if (key && key.indexOf('graphiql:') === 0) localStorage.removeItem(key);
    }
  } catch (_) {}
  function memoryStorage() {
    var items = {};
    return {
      getItem: function (k) { return Object.prototype.hasOwnProperty.call(items, k) ? items[k] : null; },
      setItem: function (k, v) { items[k] = String(v); },
      removeItem: function (k) { delete items[k]; },
      clear: function () { items = {}; },
      get length() { return Object.keys(items).length; },
    };
  }
  var fetcher = newFetcher();
  var reactRoot = ReactDOM.createRoot(root);
  function render() {
    reactRoot.render(
      React.createElement(GraphiQL, {
        fetcher: fetcher,
        defaultQuery: defaultQuery,
        storage: storage,
        // Without a token the schema is not fetched (it would only be a 401); a new fetcher
        // (a changed token) makes GraphiQL introspect again.
        schema: token() ? undefined : null,
      }),
    );
  }
  var pending;
  field.addEventListener('input', function () {
    try {
      if (token()) sessionStorage.setItem('${TOKEN_KEY}', token());
      else sessionStorage.removeItem('${TOKEN_KEY}');
    } catch (_) {}
    clearTimeout(pending);
    pending = setTimeout(function () {
      fetcher = newFetcher();
      render();
    }, 300);
  });
  render();
})();
`;

const EXPLORER_CSS = `html, body { height: 100%; margin: 0; }
body { display: flex; flex-direction: column; font-family: system-ui, sans-serif; }
.token-bar { display: flex; align-items: center; gap: 0.75rem; padding: 0.5rem 1rem; border-bottom: 1px solid #ddd; font-size: 0.875rem; }
.token-bar input { flex: 0 1 28rem; padding: 0.3rem 0.5rem; font: inherit; }
.token-bar small { color: #555; }
#graphiql { flex: 1; min-height: 0; }
`;

/**
 * A package's file, sent with its package directory as `root` (without one, send refuses a path
 * with a dot segment anywhere, such as a checkout under ~/.local), or a text of this file.
 */
type Asset = ({ root: string; file: string } | { text: string; type: 'js' | 'css' }) & { version: string };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const contentHash = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 12);

/** The files of the installed packages (as app.ts's /docs finds swagger-ui-dist), with their versions. */
function packageDir(name: string): { dir: string; version: string } {
  const manifest = createRequire(import.meta.url).resolve(`${name}/package.json`);
  return {
    dir: manifest.replace(/package\.json$/, ''),
    version: (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version,
  };
}

function explorerAssets(): Map<string, Asset> {
  const react = packageDir('react');
  const reactDom = packageDir('react-dom');
  const graphiql = packageDir('graphiql');
  const assets = new Map<string, Asset>([
    ['react.js', { root: react.dir, file: 'umd/react.production.min.js', version: react.version }],
    ['react-dom.js', { root: reactDom.dir, file: 'umd/react-dom.production.min.js', version: reactDom.version }],
    ['graphiql.js', { root: graphiql.dir, file: 'graphiql.min.js', version: graphiql.version }],
    // graphiql.min.js names its source map so (fetched only when the browser's developer tools are open).
    ['index.umd.js.map', { root: graphiql.dir, file: 'graphiql.min.js.map', version: graphiql.version }],
    ['graphiql.css', { root: graphiql.dir, file: 'graphiql.min.css', version: graphiql.version }],
    ['explorer.js', { text: EXPLORER_JS, type: 'js', version: contentHash(EXPLORER_JS) }],
    ['explorer.css', { text: EXPLORER_CSS, type: 'css', version: contentHash(EXPLORER_CSS) }],
  ]);
  for (const [name, asset] of assets) {
    if ('root' in asset && !existsSync(join(asset.root, asset.file)))
      throw new Error(`GraphQL explorer: ${name} is missing (${join(asset.root, asset.file)})`);
  }
  return assets;
}

function page(assets: Map<string, Asset>): string {
  // Versioned URLs: the assets are cached for a year, a new package version or script is a new URL.
  const url = (name: string) => `${BASE}/${name}?v=${assets.get(name)!.version}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>lifetrack GraphQL explorer</title>
<link rel="stylesheet" href="${url('graphiql.css')}">
<link rel="stylesheet" href="${url('explorer.css')}">
<script defer src="${url('react.js')}"></script>
<script defer src="${url('react-dom.js')}"></script>
<script defer src="${url('graphiql.js')}"></script>
<script defer src="${url('explorer.js')}"></script>
</head>
<body>
<header class="token-bar">
<label for="token">Bearer token</label>
<input type="password" id="token" name="token" autocomplete="off" spellcheck="false" placeholder="an API or personal access token">
<small>Sent as <code>Authorization: Bearer …</code> with each request; kept in this tab only, as are the queries and variables.</small>
</header>
<main id="graphiql" data-endpoint="/graphql" data-default-query="${escapeHtml(DASHBOARD_QUERY)}">
<noscript>The GraphQL explorer needs JavaScript. POST /graphql works without it.</noscript>
</main>
</body>
</html>
`;
}

/** A browser opening the address (not an API client, which sends no text/html Accept, nor a GET query). */
function isBrowserNavigation(req: Request): boolean {
  return (
    req.query.query === undefined && req.accepts(['application/json', 'application/graphql-response+json', 'text/html']) === 'text/html'
  );
}

/** Mounted before GET /graphql's handler (src/app.ts): the page, else next(); the assets under /graphql/explorer/. */
export function explorerRouter(): express.Router {
  const assets = explorerAssets();
  const html = page(assets);
  const router = express.Router();
  router.get('/graphql', (req, res, next) => {
    // One address, two representations: caches must key on Accept.
    res.vary('Accept');
    if (!isBrowserNavigation(req)) return next();
    res.set('Cache-Control', 'no-cache').type('html').send(html);
  });
  router.get(`${BASE}/:name`, (req, res, next) => {
    const asset = assets.get(req.params.name);
    if (!asset) return next();
    if ('root' in asset) return res.sendFile(asset.file, { root: asset.root, maxAge: '365d', immutable: true });
    res.set('Cache-Control', 'public, max-age=31536000, immutable').type(asset.type).send(asset.text);
  });
  return router;
}

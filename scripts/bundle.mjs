// `npm run build`'s second step: dist/ (tsc's output) bundled into dist/bundle/, what `npm start`
// runs. Node resolved, read and compiled ~1,500 module files at every start (~0.4 s of an embedded
// start to /readyz, docs/decisions.md, Footprint); bundled they are a few dozen chunks.
// The worker threads' entry points are entries of their own, beside main.js, where the modules
// that start them look (new URL('./embedded-worker.js', import.meta.url)); every file the code
// reads beside itself (package.json, schema/) is two levels up from dist/bundle/ as from dist/<dir>/.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { join } from 'node:path';

const dist = join(import.meta.dirname, '../dist');
const ICONV_SHIM = join(import.meta.dirname, 'bundle-shims/iconv-lite-utf8.mjs');

/**
 * express's body readers get iconv-lite through a shim that decodes UTF-8 itself and loads the real
 * package (left in node_modules) only for another charset (bundle-shims/iconv-lite-utf8.mjs).
 */
const utf8Bodies = {
  name: 'utf8-bodies',
  setup(b) {
    b.onResolve({ filter: /^iconv-lite$/ }, (args) => {
      if (/node_modules\/(body-parser|raw-body)\//.test(args.importer)) return { path: ICONV_SHIM };
      return undefined;
    });
  },
};
rmSync(join(dist, 'bundle'), { recursive: true, force: true });
await build({
  entryPoints: {
    main: join(dist, 'main.js'),
    'embedded-worker': join(dist, 'db/embedded-worker.js'),
    'feed-worker': join(dist, 'domain/calendar/feed-worker.js'),
    'fit-worker': join(dist, 'imports/formats/garmin-fit/fit-worker.js'),
  },
  outdir: join(dist, 'bundle'),
  bundle: true,
  // The lazy parts (GraphQL, MCP, the parser) stay chunks loaded on first use.
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  // Class names kept: MikroORM finds its extensions (Migrator) by name.
  keepNames: true,
  // V8 keeps each loaded module's source to compile its functions on first call: half the source,
  // 11 MB less idle RSS. The maps serve `node --enable-source-maps` (docs/operations.md, Memory).
  minify: true,
  sourcemap: 'linked',
  // Packages that find files beside their own module at run time (PGlite's WASM and data) and a
  // native addon stay in node_modules. (The explorer's assets are only resolved there, never imported.)
  external: ['@electric-sql/pglite', '@electric-sql/pglite-socket', '@node-rs/argon2'],
  // CommonJS packages bundled into ESM call require() for Node's built-ins.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  plugins: [utf8Bodies],
  logLevel: 'warning',
});

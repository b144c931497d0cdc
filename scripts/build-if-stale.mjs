// `npm start`'s first step: `npm run build` (src/ compiled to dist/, then bundled into dist/bundle/)
// only when something it is built from changed since the last build (a source, a tsconfig,
// package.json, the bundle script and its shims), so a start on a built checkout does
// not spend seconds in tsc. The last build's time is its stamp's (dist/.built), written after each
// build: tsc itself leaves its output untouched when a touched file's content did not change.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';

const root = join(import.meta.dirname, '..');
const mtime = (path) => {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return -1;
  }
};

function newest(dir) {
  let top = mtime(dir);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    top = Math.max(top, entry.isDirectory() ? newest(path) : mtime(path));
  }
  return top;
}

const stamp = join(root, 'dist/.built');
const built = mtime(join(root, 'dist/bundle/main.js')) < 0 ? -1 : mtime(stamp);
const inputs = Math.max(
  newest(join(root, 'src')),
  newest(join(root, 'scripts')),
  ...['tsconfig.json', 'tsconfig.build.json', 'package.json'].map((f) => mtime(join(root, f))),
);
if (built < 0 || inputs > built) {
  // What `npm run build` runs, with this node and no npm in between.
  for (const step of [
    [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json')],
    [join(root, 'scripts/bundle.mjs')],
  ]) {
    const run = spawnSync(process.execPath, step, { cwd: root, stdio: 'inherit' });
    if (run.status !== 0) process.exit(run.status ?? 1);
  }
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
}

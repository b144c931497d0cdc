import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The dependency rule of docs/architecture.md, held to the code: domain areas that import each
 * other (directly or round a longer circle) are exactly the pairs the document justifies, and
 * what domain/ imports from outside domain/, core/ and db/ is exactly what it lists. A new circle,
 * or a justification the code no longer needs, fails here.
 */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');
const doc = readFileSync(join(SRC, '../docs/architecture.md'), 'utf8');

function* tsFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* tsFiles(path);
    else if (entry.name.endsWith('.ts')) yield path;
  }
}

/** Every relative module a file names (import, export … from, import()), as a path under src/. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^import\s+)'(\.[^']+)'/gm)].map((m) => m[1]);
  return specs.map((spec) => relative(SRC, resolve(dirname(file), spec)));
}

const areaOf = (path: string) => (path.startsWith('domain/') ? path.split('/')[1] : null);

/** Area -> areas it imports, and what domain/ imports from above it (module -> importing areas). */
function graph() {
  const edges = new Map<string, Set<string>>();
  const above = new Map<string, Set<string>>();
  for (const file of tsFiles(join(SRC, 'domain'))) {
    const from = areaOf(relative(SRC, file))!;
    if (!edges.has(from)) edges.set(from, new Set());
    for (const target of importsOf(file)) {
      const to = areaOf(target);
      if (to !== null) {
        if (to !== from) edges.get(from)!.add(to);
      } else if (!/^(core|db)\//.test(target)) {
        // A module above domain/, named by its folder (or by itself at the top of src/).
        const module = target.includes('/') ? `${target.split('/')[0]}/` : target;
        above.set(module, (above.get(module) ?? new Set()).add(from));
      }
    }
  }
  return { edges, above };
}

/** The strongly connected components of the area graph (Tarjan): the circles, with every area on one. */
function circles(edges: Map<string, Set<string>>): Set<string>[] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: Set<string>[] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component = new Set<string>();
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.add(w);
      } while (w !== v);
      if (component.size > 1) out.push(component);
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return out;
}

const pair = (a: string, b: string) => [a, b].sort().join(' ↔ ');

test('domain areas import each other only where docs/architecture.md says why', () => {
  const { edges } = graph();
  const onCircles = new Set<string>();
  for (const component of circles(edges)) {
    for (const a of component) for (const b of edges.get(a)!) if (component.has(b)) onCircles.add(pair(a, b));
  }
  const justified = [...doc.matchAll(/^- ([a-z-]+) ↔ ([a-z-]+): \S/gm)].map((m) => pair(m[1], m[2]));
  expect([...onCircles].sort()).toEqual(justified.sort());
});

test('what domain/ imports from outside domain/, core/ and db/ is what docs/architecture.md lists, with the areas that import it', () => {
  const { above } = graph();
  const found = [...above].map(([module, areas]) => `${module} (${[...areas].sort().join(', ')})`).sort();
  const listed = [...doc.matchAll(/^- `([^`]+)` \(([a-z-, ]+)\): \S/gm)].map((m) => `${m[1]} (${m[2]})`).sort();
  expect(found).toEqual(listed);
});

import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { loadConfig } from '../../src/config.ts';

/**
 * Every environment variable the service reads is documented twice: in the README's settings table
 * (what it does, its default) and in .env.example (a commented example line). The names come from
 * src/config.ts itself, so a new setting without its documentation fails here.
 */
const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const NAME = /^[A-Z][A-Z0-9_]*$/;

/**
 * The names src/config.ts reads, from its syntax tree: the keys of the `z.object({...})` the
 * environment is parsed with, and any `env.NAME`, `process.env.NAME` or `env['NAME']`. Every
 * upper-case property the file reads elsewhere (`c.PORT` in loadConfig) must be one of them.
 */
function configVariables(): { names: Set<string>; propertiesRead: Set<string> } {
  const source = ts.createSourceFile('config.ts', read('src/config.ts'), ts.ScriptTarget.Latest, true);
  const names = new Set<string>();
  const propertiesRead = new Set<string>();
  const isEnv = (e: ts.Expression) => /(^|\.)env$/.test(e.getText(source));
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.expression.getText(source) === 'z' &&
      node.expression.name.text === 'object'
    ) {
      const shape = node.arguments[0];
      if (shape && ts.isObjectLiteralExpression(shape))
        for (const p of shape.properties) if (p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))) names.add(p.name.text);
    }
    if (ts.isPropertyAccessExpression(node) && NAME.test(node.name.text) && node.expression.getText(source) !== 'z') {
      (isEnv(node.expression) ? names : propertiesRead).add(node.name.text);
    }
    if (ts.isElementAccessExpression(node) && isEnv(node.expression) && ts.isStringLiteral(node.argumentExpression)) {
      names.add(node.argumentExpression.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { names: new Set([...names].filter((n) => NAME.test(n))), propertiesRead };
}

/** The backticked names in the first column of the table under "## Running it" (`| variable | default | meaning |`). */
function readmeTable(): Set<string> {
  const readme = read('README.md');
  const section = readme.slice(readme.indexOf('\n## Running it'));
  const lines = section.split('\n');
  const start = lines.findIndex((l) => /^\|\s*variable\s*\|\s*default\s*\|\s*meaning\s*\|\s*$/.test(l));
  expect(start).toBeGreaterThan(0);
  const rows = [];
  for (let i = start + 2; i < lines.length && lines[i].startsWith('|'); i++) rows.push(lines[i]);
  return new Set(rows.flatMap((row) => [...row.split('|')[1].matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1])));
}

/** `.env.example`'s variable lines (`NAME=value` or `# NAME=value`). */
function envExample(): Map<string, { commented: boolean; value: string }> {
  const lines = read('.env.example').split('\n');
  const entries = lines.flatMap((line) => {
    const m = /^(#\s*)?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    return m ? [[m[2], { commented: Boolean(m[1]), value: m[3] }] as const] : [];
  });
  return new Map(entries);
}

const { names, propertiesRead } = configVariables();

test('the variable names are read from src/config.ts (never an empty list)', () => {
  expect(names.size).toBeGreaterThan(0);
  for (const known of ['PORT', 'DATABASE_URL', 'CALENDAR_FEED_NETWORKS', 'WRITE_RATE_PER_MINUTE', 'WRITE_BURST'])
    expect(names).toContain(known);
  expect([...propertiesRead].filter((n) => !names.has(n))).toEqual([]);
});

test('every variable src/config.ts reads is in the README settings table, and the table names no other', () => {
  const table = readmeTable();
  expect([...names].filter((n) => !table.has(n))).toEqual([]);
  expect([...table].filter((n) => !names.has(n))).toEqual([]);
});

test('every variable is in .env.example, commented (all are optional), with no secret in it; it names no other', () => {
  const example = envExample();
  expect([...names].filter((n) => !example.has(n))).toEqual([]);
  expect([...example.keys()].filter((n) => !names.has(n))).toEqual([]);
  // Optional: the service starts with none of them set.
  expect(() => loadConfig({})).not.toThrow();
  expect([...example].filter(([, e]) => !e.commented).map(([n]) => n)).toEqual([]);
  const secrets = [...example].filter(([n]) => /SECRET|TOKEN|KEY|PASSWORD/.test(n));
  expect(secrets.length).toBeGreaterThan(0);
  expect(secrets.filter(([, e]) => e.value.trim() !== '').map(([n]) => n)).toEqual([]);
  // The examples are valid values: uncommented, they load.
  const values = Object.fromEntries([...example].filter(([, e]) => e.value.trim() !== '').map(([n, e]) => [n, e.value.trim()]));
  expect(() => loadConfig(values)).not.toThrow();
});

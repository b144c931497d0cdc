/**
 * Whether a SQL statement names the user whose rows it reads or writes, judged from its text the
 * way a database distributed by user_id (Citus) routes it to one shard. Conservative regular
 * expressions over the normalized statement; a statement on a user table passes when it has
 *
 * - a `user_id` compared with a value it was given (a bind parameter, a literal, a list or array of them),
 * - a row of keys that holds `user_id` in a list of rows of given values (`(id, user_id) in (($1, $2))`,
 *   how MikroORM writes an entity whose primary key is (id, user_id): PostgreSQL plans it as
 *   `user_id = $2 and id = $1`, which Citus routes),
 * - the `users` row's `id` compared with a given value (the users table's own key), or
 * - for INSERTs, `user_id` (users: `id`) among the columns each sets, from values it was given, no
 *   user table read to make the rows (insertsNameTheirUser).
 *
 * A condition made optional (`$1 is null or user_id = $1`) does not count: the same text runs for
 * every user. One named user anywhere in the statement passes the whole statement; the check
 * catches statements that name nobody, not a join that forgets its key.
 */

/** The statement as the checks read it: comments, identifier quotes and string literals out, lower case, one space. */
export function normalize(sql: string): string {
  return sql
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/'(?:[^']|'')*'/g, "'?'")
    .replace(/"/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

const NAME = '[a-z_][a-z0-9_]*';
const TABLE_AFTER = (words: string) => new RegExp(String.raw`\b(?:${words})\s+(?:only\s+)?(?:public\.)?(${NAME})`, 'g');
const TOUCHES = TABLE_AFTER('from|join|into|update|using|table');
const READS = TABLE_AFTER('from|join|using');

/** The user tables (of `userTables`) a normalized statement reads or writes. */
function tablesOf(normalized: string, userTables: ReadonlySet<string>): string[] {
  const found = new Set<string>();
  for (const m of normalized.matchAll(TOUCHES)) if (userTables.has(m[1])) found.add(m[1]);
  return [...found].sort();
}

/** A value the statement was given: a bind parameter, a literal, a list or array of them. */
const GIVEN = String.raw`(?:\$\d+|'\?'|any\s*\(\s*\$\d+|\(\s*(?:\$\d+|'\?'))`;
const COMPARED = String.raw`\s*(?:=|in)\s*${GIVEN}`;
const USER_KEY = new RegExp(String.raw`\b(?:${NAME}\.)?user_id${COMPARED}|(?:\$\d+|'\?')\s*=\s*(?:${NAME}\.)?user_id\b`);
/** `(id, user_id) in (('?', '?'), …)`: a row of keys with user_id, in rows of given values. */
const ROW_KEY = new RegExp(String.raw`\((?:[^()]*, )?(?:${NAME}\.)?user_id(?:, [^()]*)?\) in \(\(\s*(?:\$\d+|'\?')`);
/** The users row by its id: `users [as] [u] where [u.]id = $1`, or a statement on users alone keyed by id. */
const USERS_ROW = new RegExp(String.raw`\busers(?:\s+(?:as\s+)?(?!where\b)${NAME})?\s+where\s+(?:${NAME}\.)?id${COMPARED}`);
const ID_KEY = new RegExp(String.raw`\b(?:${NAME}\.)?id${COMPARED}`);
/** `$1 is null or <key> = $1`: a key the statement may do without. */
const OPTIONAL_KEY = new RegExp(String.raw`\$\d+(?:::${NAME})? is null or (?:${NAME}\.)?(?:user_)?id\s*=\s*\$\d+`, 'g');
const INSERT = new RegExp(String.raw`\binsert into (?:public\.)?(${NAME})(?:\s+as\s+${NAME})?\s*\(([^)]*)\)\s*(values|select)\b`, 'g');
const GIVEN_VALUE = new RegExp(String.raw`^(?:\$\d+|'\?')(?:::${NAME}(?:\[\])?)?$`);

/** The items of a select list (up to its top-level `from`), split at top-level commas. */
function selectList(text: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') {
      if (depth === 0) return [...items, text.slice(start, i)];
      depth--;
    } else if (depth === 0 && c === ',') {
      items.push(text.slice(start, i));
      start = i + 1;
    } else if (depth === 0 && text.startsWith(' from ', i)) return [...items, text.slice(start, i)];
  }
  return [...items, text.slice(start)];
}

/**
 * Every INSERT into a user table sets its key (user_id; users: id) from a value the statement was
 * given (VALUES, or that column of its SELECT list a parameter), and no user table is read to make
 * the rows: `insert … select $1, … from unnest(…)` names its user, `insert … select user_id from
 * other_table` does not.
 */
function insertsNameTheirUser(text: string, userTables: ReadonlySet<string>): boolean {
  const inserts = [...text.matchAll(INSERT)].filter((m) => userTables.has(m[1]));
  if (inserts.length === 0) return false;
  if ([...text.matchAll(READS)].some((m) => userTables.has(m[1]))) return false;
  return inserts.every((m) => {
    const key = m[1] === 'users' ? 'id' : 'user_id';
    const at = m[2].split(',').findIndex((c) => c.trim() === key);
    if (at < 0) return false;
    if (m[3] === 'values') return true;
    const item = selectList(text.slice(m.index + m[0].length + 1))[at];
    return item !== undefined && GIVEN_VALUE.test(item.trim());
  });
}

type Verdict = { scoped: boolean; tables: string[] };

/** Whether the statement names its user (see the module's comment), and the user tables it touches. */
export function judge(sql: string, userTables: ReadonlySet<string>): Verdict {
  const text = normalize(sql).replace(OPTIONAL_KEY, 'true');
  const tables = tablesOf(text, userTables);
  const scoped = (): boolean => {
    if (tables.length === 0 || USER_KEY.test(text) || ROW_KEY.test(text) || USERS_ROW.test(text)) return true;
    if (tables.every((t) => t === 'users') && ID_KEY.test(text)) return true;
    return insertsNameTheirUser(text, userTables);
  };
  return { scoped: scoped(), tables };
}

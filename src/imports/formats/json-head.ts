/**
 * Detection of the JSON formats: a look at the first 64 KiB of a file, which may end anywhere.
 */

/**
 * What the start of a JSON file shows: whether it is an object or an array; the top-level
 * object's members (a string value as its first 100 characters, any other value as its first
 * character: `[`, `{`, `1`, `t` ...); and the members of the first element of the top-level array
 * (under `''`) or of each array member of the top-level object (under the member's name).
 */
export type JsonHead = {
  top: 'object' | 'array' | null;
  members: Map<string, string>;
  firstElement: Map<string, Map<string, string>>;
};

type Frame = { open: '{' | '['; key: string | null; expectKey: boolean; index: number; into: Map<string, string> | null };

/**
 * Reads a JSON head by a small tokenizer that follows strings and nesting only: robust to key
 * order, whitespace and a head cut anywhere (it stops there). Text that is not JSON gives
 * `top: null`.
 */
export function jsonHead(head: string): JsonHead {
  const result: JsonHead = { top: null, members: new Map(), firstElement: new Map() };
  const stack: Frame[] = [];
  let i = 0;
  const n = head.length;
  const note = (frame: Frame | undefined, value: string) => {
    if (frame?.open === '{' && frame.into && frame.key !== null && !frame.expectKey) frame.into.set(frame.key, value);
  };
  while (i < n) {
    const c = head[i];
    const frame = stack[stack.length - 1];
    if (c === ' ' || c === '\n' || c === '\r' || c === '\t') {
      i++;
    } else if (c === '{' || c === '[') {
      let into: Map<string, string> | null = null;
      if (!frame) {
        result.top = c === '{' ? 'object' : 'array';
        if (c === '{') into = result.members;
      } else if (c === '{' && frame.open === '[' && frame.index === 0) {
        const owner = stack.length === 1 ? '' : stack.length === 2 && stack[0].open === '{' ? stack[0].key : null;
        if (owner !== null && !result.firstElement.has(owner)) {
          into = new Map();
          result.firstElement.set(owner, into);
        }
      }
      note(frame, c);
      stack.push({ open: c, key: null, expectKey: c === '{', index: 0, into });
      i++;
    } else if (!frame) {
      break;
    } else if (c === '}' || c === ']') {
      stack.pop();
      if (!stack.length) break;
      i++;
    } else if (c === ',') {
      if (frame.open === '[') frame.index++;
      else frame.expectKey = true;
      i++;
    } else if (c === ':') {
      frame.expectKey = false;
      i++;
    } else if (c === '"') {
      let j = i + 1;
      while (j < n && head[j] !== '"') j += head[j] === '\\' ? 2 : 1;
      if (j >= n) break;
      let s: string;
      try {
        s = JSON.parse(head.slice(i, j + 1)) as string;
      } catch {
        s = head.slice(i + 1, j);
      }
      if (frame.open === '{' && frame.expectKey) frame.key = s;
      else note(frame, s.slice(0, 100));
      i = j + 1;
    } else {
      let j = i;
      while (j < n && !',}] \n\r\t'.includes(head[j])) j++;
      note(frame, c);
      i = j;
    }
  }
  return result;
}

import { createHash, randomFillSync, randomUUID } from 'node:crypto';

/** A random (version 4) UUID: the id of a row made one at a time. */
export const newId = (): string => randomUUID();

/** Random bytes drawn in blocks (one call into the system's generator per 4 KiB, not per id). */
const pool = new Uint8Array(4096);
let poolAt = pool.length;
function random32(): number {
  if (poolAt > pool.length - 4) {
    randomFillSync(pool);
    poolAt = 0;
  }
  const x = ((pool[poolAt] << 24) | (pool[poolAt + 1] << 16) | (pool[poolAt + 2] << 8) | pool[poolAt + 3]) >>> 0;
  poolAt += 4;
  return x;
}

/** Two hex digits per byte value: an id is 16 lookups (toString(16) and padStart took three times as long). */
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/**
 * The last id's parts: its millisecond, and its 74 bits after the time (RFC 9562's rand_a and
 * rand_b) as a 12-bit, a 30-bit and a 32-bit number.
 */
let lastMs = -1;
let randA = 0;
let randBHigh = 0;
let randBLow = 0;

/** New random bits for a new millisecond; rand_a's top bit clear, so counting up within it cannot overflow. */
function reseed(): void {
  randA = random32() & 0x7ff;
  randBHigh = random32() & 0x3fffffff;
  randBLow = random32();
}

/**
 * A time-ordered UUID (version 7, RFC 9562): 48 bits of Unix time in milliseconds, then 74 bits
 * that are random for the first id of a millisecond and, for each further id in the same
 * millisecond, the previous id's plus a random step of 1 to 2^31 (the RFC's "monotonic random",
 * §6.2 method 2). So the ids of one process only ever increase, as text and as PostgreSQL's uuid,
 * even when the clock steps back (the last millisecond is kept until the clock passes it): rows
 * written in id order are appended to the end of their primary key's index instead of landing in
 * the middle of it. The time they reveal is when the row was written, which its created_at says
 * anyway.
 */
export function newTimeOrderedId(): string {
  const now = Date.now();
  if (now > lastMs) {
    lastMs = now;
    reseed();
  } else {
    step();
  }
  return formatted();
}

/**
 * `n` time-ordered ids that share one millisecond (the clock is read once), and that millisecond:
 * a batch's rows all say when they were written, so a row's created_at can be read from its id.
 * Only 2^42 ids or more would spill into the next millisecond.
 */
export function newTimeOrderedIds(n: number): { ids: string[]; ms: number } {
  const ids = new Array<string>(n);
  if (n === 0) return { ids, ms: Math.max(Date.now(), lastMs) };
  ids[0] = newTimeOrderedId();
  const ms = lastMs;
  for (let i = 1; i < n; i++) {
    step();
    ids[i] = formatted();
  }
  return { ids, ms };
}

/** The millisecond a time-ordered id was made in: its first 48 bits. */
export const msOfTimeOrderedId = (id: string): number => parseInt(id.slice(0, 8) + id.slice(9, 13), 16);

/** The next id within the last millisecond: the previous one plus a random step of 1 to 2^31. */
function step(): void {
  randBLow += (random32() >>> 1) + 1;
  if (randBLow > 0xffffffff) {
    randBLow -= 0x100000000;
    if (++randBHigh > 0x3fffffff) {
      randBHigh = 0;
      // 2^42 ids or more in one millisecond: borrow the next one (RFC 9562, 6.2).
      if (++randA > 0xfff) {
        lastMs++;
        reseed();
      }
    }
  }
}

function formatted(): string {
  // 8-4-4-4-12 hex digits: the time's 48 bits; 7 and rand_a; the variant (binary 10) and rand_b.
  const high = Math.floor(lastMs / 0x10000);
  const low = lastMs & 0xffff;
  const time =
    HEX[high >>> 24] + HEX[(high >>> 16) & 255] + HEX[(high >>> 8) & 255] + HEX[high & 255] + '-' + HEX[low >>> 8] + HEX[low & 255];
  const a = HEX[0x70 | (randA >>> 8)] + HEX[randA & 255];
  const b = HEX[0x80 | (randBHigh >>> 24)] + HEX[(randBHigh >>> 16) & 255];
  const c = HEX[(randBHigh >>> 8) & 255] + HEX[randBHigh & 255];
  const d = HEX[randBLow >>> 24] + HEX[(randBLow >>> 16) & 255] + HEX[(randBLow >>> 8) & 255] + HEX[randBLow & 255];
  return `${time}-${a}-${b}-${c}${d}`;
}

/** A UUID named by `name` (its SHA-256, shaped as version 5): the same name is the same id, e.g. one job per import attempt. */
export function namedId(name: string): string {
  const h = createHash('sha256').update(name).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

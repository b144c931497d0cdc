/**
 * Times told by the day's landmarks rather than the clock: "since lunch", "after lunch", "before
 * bed", "at dinner", "after work". chrono reads none of them. Each is the usual hour of its
 * landmark, shifted a little by its preposition; like a bare clock time, it is the last such time
 * at or before the capture unless the line speaks of the future.
 */

/** Usual local times (hour, minute) of the landmarks. */
const LANDMARKS: Record<string, [number, number]> = {
  breakfast: [8, 0],
  brunch: [11, 0],
  lunch: [12, 30],
  dinner: [19, 0],
  supper: [19, 0],
  bed: [22, 0],
  bedtime: [22, 0],
  work: [17, 0],
};

/** Minutes the preposition moves the landmark: after lunch is once it is over, before bed is just before. */
const SHIFT: Record<string, number> = { since: 0, at: 0, around: 0, during: 0, after: 60, before: -30 };

/** "before bed" is going to bed itself (people say it of the last thing they do); "before work" is the morning. */
const SPECIAL: Record<string, [number, number]> = {
  'before bed': [22, 0],
  'before bedtime': [22, 0],
  'before work': [8, 0],
  'after work': [18, 0],
};

export type Landmark = { start: number; end: number; text: string; hour: number; minute: number };

const PATTERN = new RegExp(
  `(?<![\\p{L}\\p{N}])(since|after|before|at|around|during)\\s+(?:the\\s+|my\\s+)?(${Object.keys(LANDMARKS).join('|')})(?![\\p{L}\\p{N}])`,
  'giu',
);

/** The landmark phrases in `text`, each with its local time of day. */
export function findLandmarks(text: string): Landmark[] {
  const out: Landmark[] = [];
  for (const m of text.matchAll(PATTERN)) {
    const prep = m[1].toLowerCase();
    const mark = m[2].toLowerCase();
    // "at work" is a place, not a time.
    if (mark === 'work' && prep !== 'after' && prep !== 'before') continue;
    const special = SPECIAL[`${prep} ${mark}`];
    const [h, min] = special ?? LANDMARKS[mark];
    const total = h * 60 + min + (special ? 0 : SHIFT[prep]);
    out.push({ start: m.index, end: m.index + m[0].length, text: m[0], hour: Math.floor(total / 60), minute: total % 60 });
  }
  return out;
}

import { COUNT, DANGLING, L, R, toNumber } from './grammar.ts';
import type { Lexicon } from './locales/lexicon.ts';

/** Meals: "lunch at Café Nero: chicken salad and a latte", "ate 2 eggs and toast", "dinner - pasta". */
const MEAL_TYPES = ['breakfast', 'brunch', 'lunch', 'dinner', 'supper', 'snack', 'dessert'] as const;

type MealItem = { name: string; quantity: number | null };
export type FoundMeal = {
  mealType: string | null;
  placeText: string | null;
  items: MealItem[];
  notes: string | null;
};

const TYPE = `(?:${MEAL_TYPES.join('|')})`;
const alt = (s: string | undefined) => (s ? `|${s}` : '');

/**
 * The meal grammar of English, or of English and a language: its meal words (each read as
 * English's meal type), "for dinner" after the food, a place's prepositions and the words that
 * join items. Built once per language; every pattern is a fixed word list, as linear as English's.
 */
type MealGrammar = {
  opener: RegExp;
  namedLast: RegExp;
  place: RegExp;
  itemSplit: RegExp;
  withItem: RegExp;
  /** A meal needs one of these words (or a food); without one, the meal pass is skipped. */
  hint: RegExp;
  typeOf: (word: string) => string;
};

function buildGrammar(lex: Lexicon | undefined): MealGrammar {
  const local = lex?.meals ?? [];
  const type = `(?:${MEAL_TYPES.join('|')}${alt(local.map(([p]) => p).join('|'))})`;
  const localTypes = local.map(([p, t]) => [new RegExp(`^(?:${p})$`, 'iu'), t] as const);
  const joins = lex ? `|${lex.and}|${lex.with}` : '';
  return {
    opener: new RegExp(
      `^\\s*(?:(?:had|ate|for|my|quick|late|early|big|light)\\s+)*(?<type>${type})${R}|^\\s*(?<verb>ate|eaten|eating|🍽️?|🥗)(?=\\s|$)`,
      'iu',
    ),
    namedLast: new RegExp(`${L}(?:for\\s+(?:a\\s+|my\\s+)?${alt(lex?.mealFor && `(?:${lex.mealFor})\\s+`)})(?<type>${type})${R}`, 'iu'),
    place: new RegExp(
      `^\\s*(?:at|@|in|from${alt(lex?.mealAt)})\\s+(?![\\s:])([^:,—–;]+?)(?<!\\s)\\s*(?=$|:|,|—|–|;|\\s-\\s|${L}(?:with|had|ate|i had|we had)${R})`,
      'iu',
    ),
    itemSplit: lex ? new RegExp(`\\s*(?:,|;|\\+|&|${L}(?:and|plus${joins})${R})\\s*`, 'iu') : /\s*(?:,|;|\+|&|\band\b|\bplus\b)\s*/iu,
    withItem: new RegExp(`\\s+(?:with|w/${alt(lex?.with)})${lex ? R : ''}\\s*`, 'giu'),
    hint: new RegExp(
      `breakfast|brunch|lunch|dinner|supper|snack|dessert|ate|eaten|eating|🍽|🥗${alt(local.map(([p]) => p).join('|'))}`,
      'iu',
    ),
    typeOf: (word) => {
      const w = word.toLowerCase();
      return localTypes.find(([p]) => p.test(w))?.[1] ?? w;
    },
  };
}

const ENGLISH = buildGrammar(undefined);
const grammars = new WeakMap<Lexicon, MealGrammar>();

/** The meal grammar for a capture in the language of `lex` (English's when undefined). */
export function mealGrammar(lex: Lexicon | undefined): MealGrammar {
  if (!lex) return ENGLISH;
  let g = grammars.get(lex);
  if (!g) {
    g = buildGrammar(lex);
    grammars.set(lex, g);
  }
  return g;
}

/** A later meal in the same line starts a new one: "breakfast: eggs, lunch: salad". */
// `(?<!\\s)`: a run of spaces is tried from its first one only (same matches; linear, not quadratic).
export const NEXT_MEAL = new RegExp(`(?:[,;]|(?<!\\s)\\s+and)\\s+(?=(?:${TYPE})\\s*(?::|-|—|at\\s|@))`, 'giu');

const ITEM_COUNT = new RegExp(
  `^(${COUNT}|some|a\\s+few|few)\\s+(?:(?:pieces?|slices?|bowls?|cups?|glass(?:es)?|plates?|portions?|handfuls?|bits?)\\s+of\\s+)?`,
  'iu',
);

/** `s` without trailing characters from `chars` (a loop: `/[.!]+$/` retries from every dot of a long run). */
function trimEnd(s: string, chars: string): string {
  let end = s.length;
  while (end > 0 && chars.includes(s[end - 1])) end--;
  return s.slice(0, end);
}

function items(text: string, g: MealGrammar): MealItem[] {
  return text
    .split(g.itemSplit)
    .map((t) => trimEnd(t.trim(), '.!').replace(DANGLING, ''))
    .filter((t) => /[\p{L}\p{N}]/u.test(t))
    .map((t) => {
      const m = ITEM_COUNT.exec(t);
      if (!m) return { name: t, quantity: null };
      const word = m[1].toLowerCase();
      const quantity = /^(?:some|a\s+few|few)$/.test(word) ? null : toNumber(word);
      const name = t.slice(m[0].length).trim();
      return { name: name || t, quantity: name ? quantity : null };
    });
}

/**
 * Reads a segment whose (time-masked) text opens with a meal word. `masked` has time phrases
 * blanked, so "lunch at 1pm: soup" does not make "1pm" a place.
 */
export function readMeal(masked: string, g: MealGrammar = ENGLISH): FoundMeal | null {
  const open = g.opener.exec(masked);
  if (!open) return readMealNamedLast(masked, g) ?? readFoodsOnly(masked, g);
  const type = open.groups?.type;
  const mealType = type ? g.typeOf(type) : null;
  let rest = masked.slice(open.index + open[0].length);
  let placeText: string | null = null;
  let notes: string | null = null;

  // `(?<!\\s)`: the place never ends inside a run of spaces (the run's start is tried first and
  // `\\s*` takes the run), so those ends are skipped instead of each rescanning the run.
  const place = g.place.exec(rest);
  if (place) {
    placeText = place[1].trim().replace(/\s+/g, ' ');
    rest = rest.slice(place[0].length);
  }
  const sep = /^\s*(?:[:—–-]|,|\bi\s+had\b|\bwe\s+had\b|\bhad\b|\bate\b|\bof\b)\s*/iu.exec(rest);
  if (sep) {
    rest = rest.slice(sep[0].length);
  } else {
    const company = /^\s*(with\s+[^:—–]+?)\s*(?::|—|–|\s-\s)\s*/iu.exec(rest);
    if (company) {
      notes = company[1].trim();
      rest = rest.slice(company[0].length);
    }
  }
  return { mealType, placeText, items: items(rest.replace(/\s+/g, ' '), g), notes };
}

const LEAD_VERB = /^\s*(?:(?:i|we)\s+)?(?:had|ate|eaten|got|grabbed|made|cooked|some)\s+/iu;
/** "for dinner" after the food: "oatmeal with banana for breakfast", "had pasta carbonara for dinner". */
function readMealNamedLast(masked: string, g: MealGrammar): FoundMeal | null {
  const named = g.namedLast.exec(masked);
  if (!named) return null;
  // "with banana" joins the item before it, as one more item.
  const food = masked.slice(0, named.index).replace(LEAD_VERB, '').replace(g.withItem, ', ');
  const after = masked.slice(named.index + named[0].length);
  if (!/[\p{L}\p{N}]/u.test(food)) return null;
  const place = g.place.exec(after);
  return {
    mealType: g.typeOf(named.groups!.type),
    placeText: place ? place[1].trim().replace(/\s+/g, ' ') : null,
    items: items(food.replace(/\s+/g, ' '), g),
    notes: null,
  };
}

/** Common foods: a line of nothing but foods is a meal without a meal word ("pizza 🍕", "banana and almonds at 3pm"). */
const FOODS =
  'pizza|pasta|spaghetti|lasagne|lasagna|risotto|salad|sandwich(?:es)?|burgers?|cheeseburgers?|soup|rice|noodles|ramen|pho|sushi|curry|' +
  'eggs?|omelett?e|toast|bread|bagels?|croissants?|muffins?|pancakes?|waffles?|oatmeal|porridge|oats|cereal|granola|yog(?:h)?urt|' +
  'fruit|bananas?|apples?|berries|blueberries|strawberries|grapes|almonds|nuts|peanuts|cheese|chicken|steak|fish|salmon|tuna|beef|pork|bacon|' +
  'tofu|beans|lentils|potato(?:es)?|fries|chips|crisps|chocolate|cookies?|biscuits?|cake|ice\\s+cream|burritos?|tacos?|kebab|wraps?|' +
  'hummus|avocado|veggies|vegetables|broccoli|carrots|popcorn|dumplings|protein\\s+bar|granola\\s+bar';
export const FOOD_HINT = new RegExp(`${L}(?:${FOODS})${R}`, 'iu');

function readFoodsOnly(masked: string, g: MealGrammar): FoundMeal | null {
  const food = masked.replace(LEAD_VERB, '').replace(g.withItem, ', ');
  const found = items(food.replace(/\s+/g, ' '), g);
  if (found.length === 0 || !found.every((i) => FOOD_HINT.test(i.name))) return null;
  return { mealType: null, placeText: null, items: found, notes: null };
}

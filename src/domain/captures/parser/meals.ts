import { COUNT, DANGLING, L, R, toNumber } from './grammar.ts';

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
const OPENER = new RegExp(
  `^\\s*(?:(?:had|ate|for|my|quick|late|early|big|light)\\s+)*(?<type>${TYPE})${R}|^\\s*(?<verb>ate|eaten|eating|🍽️?|🥗)(?=\\s|$)`,
  'iu',
);
/** A later meal in the same line starts a new one: "breakfast: eggs, lunch: salad". */
// `(?<!\\s)`: a run of spaces is tried from its first one only (same matches; linear, not quadratic).
export const NEXT_MEAL = new RegExp(`(?:[,;]|(?<!\\s)\\s+and)\\s+(?=(?:${TYPE})\\s*(?::|-|—|at\\s|@))`, 'giu');

const ITEM_SPLIT = /\s*(?:,|;|\+|&|\band\b|\bplus\b)\s*/iu;
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

function items(text: string): MealItem[] {
  return text
    .split(ITEM_SPLIT)
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

const PLACE = new RegExp(
  `^\\s*(?:at|@|in|from)\\s+(?![\\s:])([^:,—–;]+?)(?<!\\s)\\s*(?=$|:|,|—|–|;|\\s-\\s|${L}(?:with|had|ate|i had|we had)${R})`,
  'iu',
);

/**
 * Reads a segment whose (time-masked) text opens with a meal word. `masked` has time phrases
 * blanked, so "lunch at 1pm: soup" does not make "1pm" a place.
 */
export function readMeal(masked: string): FoundMeal | null {
  const open = OPENER.exec(masked);
  if (!open) return readMealNamedLast(masked) ?? readFoodsOnly(masked);
  const mealType = open.groups?.type?.toLowerCase() ?? null;
  let rest = masked.slice(open.index + open[0].length);
  let placeText: string | null = null;
  let notes: string | null = null;

  // `(?<!\\s)`: the place never ends inside a run of spaces (the run's start is tried first and
  // `\\s*` takes the run), so those ends are skipped instead of each rescanning the run.
  const place = PLACE.exec(rest);
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
  return { mealType, placeText, items: items(rest.replace(/\s+/g, ' ')), notes };
}

/** "for dinner" after the food: "oatmeal with banana for breakfast", "had pasta carbonara for dinner". */
const NAMED_LAST = new RegExp(`${L}for\\s+(?:a\\s+|my\\s+)?(?<type>${TYPE})${R}`, 'iu');
const LEAD_VERB = /^\s*(?:(?:i|we)\s+)?(?:had|ate|eaten|got|grabbed|made|cooked|some)\s+/iu;
/** "with banana" joins the item before it, as one more item. */
const WITH_ITEM = /\s+(?:with|w\/)\s*/giu;

function readMealNamedLast(masked: string): FoundMeal | null {
  const named = NAMED_LAST.exec(masked);
  if (!named) return null;
  const food = masked.slice(0, named.index).replace(LEAD_VERB, '').replace(WITH_ITEM, ', ');
  const after = masked.slice(named.index + named[0].length);
  if (!/[\p{L}\p{N}]/u.test(food)) return null;
  const place = PLACE.exec(after);
  return {
    mealType: named.groups!.type.toLowerCase(),
    placeText: place ? place[1].trim().replace(/\s+/g, ' ') : null,
    items: items(food.replace(/\s+/g, ' ')),
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

function readFoodsOnly(masked: string): FoundMeal | null {
  const food = masked.replace(LEAD_VERB, '').replace(WITH_ITEM, ', ');
  const found = items(food.replace(/\s+/g, ' '));
  if (found.length === 0 || !found.every((i) => FOOD_HINT.test(i.name))) return null;
  return { mealType: null, placeText: null, items: found, notes: null };
}

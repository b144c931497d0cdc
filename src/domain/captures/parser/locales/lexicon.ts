/**
 * The words one language adds to the capture grammar. English is the grammar's own (grammar.ts,
 * metrics.ts, activities.ts) and stays on for every language; a lexicon only adds alternatives.
 * Patterns are regular-expression alternations (no outer group, no capturing groups), matched
 * case-insensitively on NFC text; the grammar puts them inside its word boundaries. Each is a
 * fixed list of words, so it adds no way for a match to backtrack: the grammar stays linear.
 */
export type Lexicon = {
  /** Number words from one to twelve, lower case ("zwei" -> 2): counts ("zwei Kaffee"). */
  numbers: Record<string, number>;
  /** Duration units after a number: hours, minutes, seconds. */
  hours: string;
  minutes: string;
  seconds: string;
  /** "and" between hours and minutes ("7 Stunden und 20"). */
  and: string;
  /** After "7 hours": half an hour more ("7 horas y media"). */
  andAHalf: string;
  /** Between a number and its hours: half an hour more ("7 einhalb Stunden"). */
  halfBeforeUnit?: string;
  /** Whole durations in words, with their seconds ("eine halbe Stunde" 1800). Longest first. */
  durationPhrases: [pattern: string, seconds: number][];
  /** Today and now ("heute", "jetzt"): a day said with them keeps the capture's clock time, not noon. */
  now: string;
  /** Before a duration, makes it a time rather than how long ("vor 2 Stunden"): left to chrono. */
  ago: string;
  /** Before a number of hours, makes it a clock time ("à 21h" is 9 p.m., not 21 hours): left to chrono. */
  at: string;
  /** Before a drink: there was none ("pas de café", "kein Kaffee"). */
  none: string;
  /** Before a duration: how long something took ("en 27 min"). */
  took: string;
  /** A score's "out of" ("7 von 10"). */
  outOf: string;
  /** Between a metric's name and its number ("poids est 72"). */
  sep: string;
  /** What joins a serving to what it holds, spaces included ("verre d'eau": `\s+d'`). */
  of: string;
  /** Metric names and the words around them. */
  sleep: string;
  /** Going to bed and getting up, before their clock times ("ins Bett um 23:30, aufgestanden um 6:45"). */
  bed: string;
  up: string;
  /** After an hour: o'clock ("23 Uhr", "23h"). */
  oclock: string;
  /** After a duration: it was sleep ("7 Stunden geschlafen", "7 h de sommeil"). */
  sleepAfter: string;
  /** Words allowed between a sleep word and its duration ("dormi environ 7h"). */
  sleepHow: string;
  weight: string;
  /** Weight units besides kg/lb/st ("Kilogramm"); their catalogue unit is in `units`. */
  weightUnits: string;
  bodyFat: string;
  restingHeartRate: string;
  heartRate: string;
  bloodPressure: string;
  /** "over" in "120 zu 80". */
  over: string;
  /** Blood pressure written in cmHg, as French and Spanish speakers say it ("tension 12/8"). */
  bloodPressureCmHg?: string;
  temperature: string;
  /** Temperature units in words ("Grad"); their catalogue unit is in `units`. */
  degrees: string;
  glucose: string;
  spo2: string;
  steps: string;
  water: string;
  /** Meal words, each with English's meal type ("Abendessen" -> dinner). Longest first where one holds another. */
  meals: [pattern: string, type: string][];
  /** Before a meal word after the food: "zum" Frühstück, "pour le" dîner, "para" desayunar. */
  mealFor: string;
  /** Before a meal's place: "bei", "chez", "en". */
  mealAt: string;
  /** "with" between two foods, each an item ("Haferflocken mit Banane"). */
  with: string;
  /** Units a water amount is given in, servings included ("Liter", "Gläser"). */
  waterUnits: string;
  /** Servings counted in words ("zwei Gläser Wasser"). */
  servingUnits: string;
  caffeine: string;
  /** Cups and mugs before a drink ("2 Tassen Kaffee"). */
  cups: string;
  /** Verbs before a drink ("bebí"), and after it ("getrunken"). */
  drank: string;
  drankAfter: string;
  /** Caffeinated drinks, each with the English drink word whose caffeine metrics.ts knows ("Milchkaffee" -> latte). */
  drinks: [pattern: string, drink: string][];
  protein: string;
  /** Score names, each read as its metric. */
  mood: string;
  energy: string;
  stress: string;
  /** Words allowed between a score's name and its number ("Stimmung heute gut 7/10"). */
  scoreHow: string;
  /** How one feels, read as the mood ("me siento bien 8/10"), and words allowed after it. */
  feeling: string;
  feelingHow: string;
  /** Symptoms named without a score, as written ("Kopfschmerzen", "mal de tête"; spaces match any run). */
  symptoms: string[];
  /**
   * The day's landmarks (anchors.ts): prepositions with the English one whose shift they take
   * ("nach" -> after), articles between, and landmark words with their English landmark
   * ("Mittagessen" -> lunch).
   */
  landmarkPreps: Record<string, 'since' | 'after' | 'before' | 'at' | 'during'>;
  landmarkArticles: string;
  landmarks: [pattern: string, landmark: 'breakfast' | 'lunch' | 'dinner' | 'bed' | 'work'][];
  /** Unit words -> the catalogue's unit ("Liter" -> l, "Grad" -> °C). Lower case. */
  units: Record<string, string>;
  /** Serving words -> the English serving, whose size metrics.ts knows ("verre" -> glass). Lower case. */
  servings: Record<string, string>;
  /** Distance units -> km, m ("kilómetros" -> km). Lower case. */
  distanceUnits: Record<string, string>;
  /** Activity words by activity key (activities.ts), with category names that usually hold them. */
  activities: Record<string, { words: string; categories: string[] }>;
};

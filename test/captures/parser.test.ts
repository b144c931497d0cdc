import { parseCapture, PARSER_VERSION, type SuggestionDraft } from '../../src/domain/captures/parser/index.ts';

/**
 * Real-world phrasings, each with the exact suggestions it must produce (kind and the payload
 * fields that matter, nothing more and nothing less). Reference: captured Tuesday 2026-03-10
 * 15:30 UTC (16:30 in Berlin, UTC+1 then), unless a row says otherwise.
 */
const NOW = '2026-03-10T15:30:00.000Z';
const categories = [
  { id: 'cat-running', name: 'Running' },
  { id: 'cat-migraine', name: 'Migraine' },
  { id: 'cat-yoga', name: 'Yoga' },
  { id: 'cat-meals', name: 'Meals' },
];

type Shape = Record<string, unknown>;
const M = (slug: string, value: number, unit: string, at = NOW): Shape => ({ kind: 'metric_reading', slug, value, unit, at });
const E = (e: {
  at?: string;
  duration?: string;
  scalar?: number;
  unit?: string;
  category?: string;
  tags?: string[];
  notes?: string | null;
  activity?: string;
}): Shape => ({
  kind: 'event',
  at: e.at ?? NOW,
  duration: e.duration ?? null,
  scalar: e.scalar ?? null,
  unit: e.unit ?? null,
  category: e.category ?? null,
  tags: e.tags ?? null,
  notes: e.notes === undefined ? null : e.notes,
  activity: e.activity ?? null,
});
const F = (f: { type: string | null; place?: string; items: [string, number | null][]; at?: string; notes?: string }): Shape => ({
  kind: 'meal',
  type: f.type,
  place: f.place ?? null,
  items: f.items.map(([name, quantity]) => ({ name, quantity })),
  at: f.at ?? NOW,
  notes: f.notes ?? null,
  category: 'cat-meals',
});

function shape(d: SuggestionDraft): Shape {
  const p = d.payload as Record<string, any>;
  if (d.kind === 'metric_reading') return { kind: d.kind, slug: p.metric_type_slug, value: p.value, unit: p.unit, at: p.recorded_at };
  if (d.kind === 'meal')
    return {
      kind: d.kind,
      type: p.meal_type,
      place: p.place_text,
      items: p.items,
      at: p.occurred_at,
      notes: p.notes,
      category: p.category_id,
    };
  return {
    kind: d.kind,
    at: p.occurred_at,
    duration: p.duration,
    scalar: p.scalar_value,
    unit: p.metadata.unit ?? null,
    category: p.category_id,
    tags: p.tags,
    notes: p.notes,
    activity: p.metadata.activity ?? null,
  };
}

type Row = [text: string, expected: Shape[], opts?: { tz?: string; at?: string }];

const TABLE: Row[] = [
  // body weight, units and decimal commas
  ['weight 72.4 kg', [M('weight', 72.4, 'kg')]],
  ['Weight: 72,4kg', [M('weight', 72.4, 'kg')]],
  ['weighed 160 lbs this morning', [M('weight', 72.5747792, 'kg', '2026-03-10T07:00:00.000Z')]],
  ['wieght 71.9', [M('weight', 71.9, 'kg')]],
  ['I weigh 11 st', [M('weight', 69.85322498, 'kg')]],
  ['72 kg', [M('weight', 72, 'kg')]],
  // sleep
  ['slept 7h20', [M('sleep_duration', 7.33333333333, 'h')]],
  ['slept 7.5 hours', [M('sleep_duration', 7.5, 'h')]],
  ['slept 7,5 h', [M('sleep_duration', 7.5, 'h')]],
  // a night is recorded when it ended (the capture), not at "last night"
  ['slept 6 h 45 min last night', [M('sleep_duration', 6.75, 'h')]],
  ['8 hours of sleep', [M('sleep_duration', 8, 'h')]],
  ['sleep 7:15', [M('sleep_duration', 7.25, 'h')]],
  ['😴 8h', [M('sleep_duration', 8, 'h')]],
  ['slept for 6 hours', [M('sleep_duration', 6, 'h')]],
  ['slpet 8h', [M('sleep_duration', 8, 'h')]],
  // heart
  ['resting hr 54', [M('resting_heart_rate', 54, 'bpm')]],
  ['RHR: 52 bpm', [M('resting_heart_rate', 52, 'bpm')]],
  ['resting heart rate 58', [M('resting_heart_rate', 58, 'bpm')]],
  ['hr 72', [M('heart_rate', 72, 'bpm')]],
  ['hrv 45ms', [M('hrv_sdnn', 45, 'ms')]],
  ['bp 120/80', [M('blood_pressure_systolic', 120, 'mmHg'), M('blood_pressure_diastolic', 80, 'mmHg')]],
  ['blood pressure 135 over 85', [M('blood_pressure_systolic', 135, 'mmHg'), M('blood_pressure_diastolic', 85, 'mmHg')]],
  ['spo2 97%', [M('spo2', 97, '%')]],
  // caffeine, counted in drinks
  ['2 coffees', [M('caffeine', 190, 'mg')]],
  ['two espressos', [M('caffeine', 126, 'mg')]],
  ['a cup of tea', [M('caffeine', 47, 'mg')]],
  ['had 3 cups of coffee', [M('caffeine', 285, 'mg')]],
  ['3 cofee', [M('caffeine', 285, 'mg')]],
  ['☕', [M('caffeine', 95, 'mg')]],
  ['coffee x2', [M('caffeine', 190, 'mg')]],
  ['caffeine 200mg', [M('caffeine', 200, 'mg')]],
  // water
  ['1,5 l water', [M('water', 1500, 'ml')]],
  ['drank 2 glasses of water', [M('water', 500, 'ml')]],
  ['water 750 ml', [M('water', 750, 'ml')]],
  ['💧 1.2l', [M('water', 1200, 'ml')]],
  ['500ml of water', [M('water', 500, 'ml')]],
  // steps and other readings
  ['10k steps', [M('steps', 10000, 'count')]],
  ['8,500 steps', [M('steps', 8500, 'count')]],
  // Thousands grouped with a space (or a narrow no-break space) are one count, not 000.
  ['8 000 steps', [M('steps', 8000, 'count')]],
  ['steps 12\u202f500', [M('steps', 12500, 'count')]],
  ['walked 12000 steps', [M('steps', 12000, 'count')]],
  ['steps: 9432', [M('steps', 9432, 'count')]],
  ['body fat 18.5%', [M('body_fat', 18.5, '%')]],
  ['temp 38.2', [M('body_temperature', 38.2, '°C')]],
  ['fever 101.3F', [M('body_temperature', 38.5, '°C')]],
  ['glucose 5.6 mmol', [M('blood_glucose', 100.88736, 'mg/dL')]],
  ['blood sugar 110', [M('blood_glucose', 110, 'mg/dL')]],
  ['mood 7/10', [M('mood', 7, 'score')]],
  ['energy 4', [M('energy', 4, 'score')]],
  ['stress level 8', [M('stress', 8, 'score')]],
  ['burned 450 kcal', [M('active_energy', 450, 'kcal')]],
  ['2100 kcal eaten', [M('dietary_energy', 2100, 'kcal')]],
  ['120g protein', [M('protein', 120, 'g')]],
  // several things in one line
  ['weight 72.4 kg, slept 7h20', [M('weight', 72.4, 'kg'), M('sleep_duration', 7.33333333333, 'h')]],
  [
    'weight 70.1kg and resting hr 51 this morning',
    [M('weight', 70.1, 'kg', '2026-03-10T07:00:00.000Z'), M('resting_heart_rate', 51, 'bpm', '2026-03-10T07:00:00.000Z')],
  ],
  [
    'slept 7h, 2 coffees, ran 5k',
    [
      M('sleep_duration', 7, 'h'),
      M('caffeine', 190, 'mg'),
      E({ scalar: 5, unit: 'km', category: 'cat-running', notes: 'ran 5k', activity: 'run' }),
    ],
  ],
  ['weight 72\nran 5k', [M('weight', 72, 'kg'), E({ scalar: 5, unit: 'km', category: 'cat-running', notes: 'ran 5k', activity: 'run' })]],
  // words beside what was understood are not an event of their own (the capture keeps its text)
  ['Slept badly. Weight 71 kg.', [M('weight', 71, 'kg')]],
  // activities
  [
    'ran 5k this morning in 27 min',
    [
      E({
        at: '2026-03-10T07:00:00.000Z',
        duration: 'PT27M',
        scalar: 5,
        unit: 'km',
        category: 'cat-running',
        notes: 'ran 5k in 27 min',
        activity: 'run',
      }),
    ],
  ],
  [
    'ran 10 km in 55:30',
    [E({ duration: 'PT55M30S', scalar: 10, unit: 'km', category: 'cat-running', notes: 'ran 10 km in 55:30', activity: 'run' })],
  ],
  ['jogged 3 miles', [E({ scalar: 3, unit: 'mi', category: 'cat-running', notes: 'jogged 3 miles', activity: 'run' })]],
  ['runnning 5k', [E({ scalar: 5, unit: 'km', category: 'cat-running', notes: 'runnning 5k', activity: 'run' })]],
  ['🏃‍♂️ 5k', [E({ scalar: 5, unit: 'km', category: 'cat-running', notes: '🏃‍♂️ 5k', activity: 'run' })]],
  ['Went for a run', [E({ category: 'cat-running', notes: 'Went for a run', activity: 'run' })]],
  ['walk 45 min with the dog', [E({ duration: 'PT45M', notes: 'walk 45 min with the dog', activity: 'walk' })]],
  ['yoga 30 min', [E({ duration: 'PT30M', category: 'cat-yoga', notes: 'yoga 30 min', activity: 'yoga' })]],
  [
    'ran 5k, then yoga 20 min',
    [
      E({ scalar: 5, unit: 'km', category: 'cat-running', notes: 'ran 5k', activity: 'run' }),
      E({ duration: 'PT20M', category: 'cat-yoga', notes: 'yoga 20 min', activity: 'yoga' }),
    ],
  ],
  ['cycled 20km to work', [E({ scalar: 20, unit: 'km', notes: 'cycled 20km to work', activity: 'cycle' })]],
  ['swam 1500m', [E({ scalar: 1500, unit: 'm', notes: 'swam 1500m', activity: 'swim' })]],
  ['meditated for 10 minutes', [E({ duration: 'PT10M', notes: 'meditated for 10 minutes', activity: 'meditate' })]],
  ['gym session an hour', [E({ duration: 'PT1H', notes: 'gym session an hour', activity: 'strength' })]],
  // "before bed" said at 15:30 is last night's bedtime (22:00 Berlin)
  [
    'read for half an hour before bed',
    [E({ at: '2026-03-09T21:00:00.000Z', duration: 'PT30M', notes: 'read for half an hour', activity: 'read' })],
  ],
  ['nap 20 min at 2pm', [E({ at: '2026-03-10T13:00:00.000Z', duration: 'PT20M', notes: 'nap 20 min', activity: 'nap' })]],
  // a log is of the past: a clock time later than the capture (16:30 in Berlin) with no day is yesterday's
  ['weight 72 kg at 8pm', [M('weight', 72, 'kg', '2026-03-09T19:00:00.000Z')]],
  ['coffee at 9pm', [M('caffeine', 95, 'mg', '2026-03-09T20:00:00.000Z')]],
  ['nap 20 min at 9pm', [E({ at: '2026-03-09T20:00:00.000Z', duration: 'PT20M', notes: 'nap 20 min', activity: 'nap' })]],
  // one drink at each time named
  ['2 espressos at 9 and 11', [M('caffeine', 63, 'mg', '2026-03-10T08:00:00.000Z'), M('caffeine', 63, 'mg', '2026-03-10T10:00:00.000Z')]],
  [
    'had two coffees at 7:30 & 15:00',
    [M('caffeine', 95, 'mg', '2026-03-10T06:30:00.000Z'), M('caffeine', 95, 'mg', '2026-03-10T14:00:00.000Z')],
  ],
  // a night from bedtime to wake time, recorded when it ended (the last such wake time before the capture)
  ['bed at 23:45, up at 6:50', [M('sleep_duration', 7.08333333333, 'h', '2026-03-10T05:50:00.000Z')]],
  // A bare 12 as a bedtime is midnight, not noon.
  ['bed at 12, up at 7', [M('sleep_duration', 7, 'h', '2026-03-10T06:00:00.000Z')]],
  ['went to bed at 11, woke up at 7', [M('sleep_duration', 8, 'h', '2026-03-10T06:00:00.000Z')]],
  ['fell asleep 1am, up 9am', [M('sleep_duration', 8, 'h', '2026-03-10T08:00:00.000Z')]],
  ['slept badly, maybe 5 hours', [M('sleep_duration', 5, 'h')]],
  // scores keep their number: a catalogue metric when one is named or implied, else a scored symptom
  ['energy low today 3/10', [M('energy', 3, 'score')]],
  ['feeling great 9/10', [M('mood', 9, 'score')]],
  ['stress pretty high, 8 out of 10', [M('stress', 8, 'score')]],
  ['ran 5k 27:30', [E({ duration: 'PT27M30S', scalar: 5, unit: 'km', category: 'cat-running', notes: 'ran 5k 27:30', activity: 'run' })]],
  // no generic event beside a reading for words that add nothing to it
  ['measured bp 120/80', [M('blood_pressure_systolic', 120, 'mmHg'), M('blood_pressure_diastolic', 80, 'mmHg')]],
  ['checked weight: 72kg', [M('weight', 72, 'kg')]],
  ['weight 72 kg again', [M('weight', 72, 'kg')]],
  ['weight 72 kg later at 8pm', [M('weight', 72, 'kg', '2026-03-10T19:00:00.000Z')]],
  // ... unless the line gives the day or speaks of the future
  ['weight 72 kg at 8pm tomorrow', [M('weight', 72, 'kg', '2026-03-11T19:00:00.000Z')]],
  ['weight 70 kg on Monday at 9pm', [M('weight', 70, 'kg', '2026-03-09T20:00:00.000Z')]],
  ['played tennis on saturday', [E({ at: '2026-03-07T11:00:00.000Z', notes: 'played tennis', activity: 'tennis' })]],
  // things that happened, with times and tags
  [
    'yesterday 9pm headache #migraine',
    [E({ at: '2026-03-09T20:00:00.000Z', category: 'cat-migraine', tags: ['migraine'], notes: 'headache' })],
  ],
  ['headache 2 hours ago', [E({ at: '2026-03-10T13:30:00.000Z', notes: 'headache', tags: ['headache'] })]],
  ['meeting 9-10am', [E({ at: '2026-03-10T08:00:00.000Z', duration: 'PT1H', notes: 'meeting' })]],
  ['Mon 8am: dentist', [E({ at: '2026-03-09T07:00:00.000Z', notes: 'dentist' })]],
  ['feeling anxious #anxiety #work', [E({ tags: ['anxiety', 'work'], notes: 'feeling anxious' })]],
  ['back pain 6/10', [E({ notes: 'back pain 6/10', scalar: 6, tags: ['back-pain'] })]],
  [
    'coffee with Anna at 10',
    [M('caffeine', 95, 'mg', '2026-03-10T09:00:00.000Z'), E({ at: '2026-03-10T09:00:00.000Z', notes: 'coffee with Anna' })],
  ],
  // meals
  [
    'lunch at Café Nero: chicken salad and a latte',
    [
      F({
        type: 'lunch',
        at: '2026-03-10T11:30:00.000Z',
        place: 'Café Nero',
        items: [
          ['chicken salad', null],
          ['latte', 1],
        ],
      }),
    ],
  ],
  [
    'breakfast: 2 eggs, toast & orange juice',
    [
      F({
        type: 'breakfast',
        at: '2026-03-10T07:00:00.000Z',
        items: [
          ['eggs', 2],
          ['toast', null],
          ['orange juice', null],
        ],
      }),
    ],
  ],
  ['dinner with Tom: pasta', [F({ type: 'dinner', items: [['pasta', null]], notes: 'with Tom' })]],
  ['ate a banana', [F({ type: null, items: [['banana', 1]] })]],
  ['snack - apple', [F({ type: 'snack', items: [['apple', null]] })]],
  [
    "yesterday dinner at Luigi's: pizza",
    [F({ type: 'dinner', place: "Luigi's", items: [['pizza', null]], at: '2026-03-09T18:00:00.000Z' })],
  ],
  ['lunch at 1pm: soup', [F({ type: 'lunch', items: [['soup', null]], at: '2026-03-10T12:00:00.000Z' })]],
  // no time: the meal's usual time today, once it has come (breakfast 08:00, lunch 12:30 in Berlin)
  [
    'breakfast: oats, lunch: salad',
    [
      F({ type: 'breakfast', items: [['oats', null]], at: '2026-03-10T07:00:00.000Z' }),
      F({ type: 'lunch', items: [['salad', null]], at: '2026-03-10T11:30:00.000Z' }),
    ],
  ],
  // the meal named last: "X for breakfast"
  [
    'oatmeal with banana for breakfast',
    [
      F({
        type: 'breakfast',
        at: '2026-03-10T07:00:00.000Z',
        items: [
          ['oatmeal', null],
          ['banana', null],
        ],
      }),
    ],
  ],
  // dinner (19:00) has not come at 16:30: the capture time
  ['had pasta carbonara for dinner', [F({ type: 'dinner', items: [['pasta carbonara', null]] })]],
  // the time's preposition is not part of the item
  ['ate a salad at noon', [F({ type: null, items: [['salad', 1]], at: '2026-03-10T11:00:00.000Z' })]],
  // the day's landmarks
  ['headache since lunch', [E({ at: '2026-03-10T11:30:00.000Z', notes: 'headache', tags: ['headache'] })]],
  ['nap after lunch', [E({ at: '2026-03-10T12:30:00.000Z', notes: 'nap', activity: 'nap' })]],
  [
    'yesterday after lunch walked 3 km',
    [E({ at: '2026-03-09T12:30:00.000Z', scalar: 3, unit: 'km', notes: 'walked 3 km', activity: 'walk' })],
  ],
  // "after work" (18:00) is 90 minutes ahead: it is now, not yesterday
  ['walked after work', [E({ notes: 'walked', activity: 'walk' })]],
  // "at work" is a place, not a time
  ['meeting at work', [E({ notes: 'meeting at work' })]],
  ['yoga before breakfast', [E({ at: '2026-03-10T06:30:00.000Z', notes: 'yoga', activity: 'yoga', category: 'cat-yoga' })]],
  // parts of the day: morning 08:00, evening 19:00 (chrono's 06:00 and 20:00 are not what people mean)
  ['beer yesterday evening', [E({ at: '2026-03-09T18:00:00.000Z', notes: 'beer' })]],
  // an evening still to come is the capture time
  ['beer in the evening', [E({ notes: 'beer' })]],
  // clock times chrono leaves alone
  ['cortado around 10', [M('caffeine', 63, 'mg', '2026-03-10T09:00:00.000Z')]],
  ['cappuccino at half past ten', [M('caffeine', 63, 'mg', '2026-03-10T09:30:00.000Z')]],
  ['tea at quarter to 9', [M('caffeine', 47, 'mg', '2026-03-10T07:45:00.000Z')]],
  ['sugar 140 two hours after lunch', [M('blood_glucose', 140, 'mg/dL', '2026-03-10T13:30:00.000Z')]],
  // a bare 1..6 o'clock is the afternoon once it has come, else the morning; waking is the morning
  ['cola at 3', [M('caffeine', 34, 'mg', '2026-03-10T14:00:00.000Z')]],
  ['cola at 5', [M('caffeine', 34, 'mg', '2026-03-10T04:00:00.000Z')]],
  ['woke at 5', [E({ at: '2026-03-10T04:00:00.000Z', notes: 'woke' })]],
  ['workshop from 9 to 5pm', [E({ at: '2026-03-10T08:00:00.000Z', duration: 'PT8H', notes: 'workshop' })]],
  ['yesterday: 11k steps', [M('steps', 11000, 'count', '2026-03-09T11:00:00.000Z')]],
  // foods alone are a meal
  ['pizza 🍕', [F({ type: null, items: [['pizza 🍕', null]] })]],
  [
    'greek yogurt w/ berries and granola @ 7:30',
    [
      F({
        type: null,
        at: '2026-03-10T06:30:00.000Z',
        items: [
          ['greek yogurt', null],
          ['berries', null],
          ['granola', null],
        ],
      }),
    ],
  ],
  // chatter is not an event; someone named is
  ['ugh, only slept like 5 hours', [M('sleep_duration', 5, 'h')]],
  ['coffee with Anna', [M('caffeine', 95, 'mg'), E({ notes: 'coffee with Anna' })]],
  // symptoms without a score, each its own event
  ['sore throat, runny nose', [E({ notes: 'sore throat', tags: ['sore-throat'] }), E({ notes: 'runny nose', tags: ['runny-nose'] })]],
  // units and metrics people use
  ['weight 11st 4lb', [M('weight', 71.66759446, 'kg')]],
  ['meditation 15m', [E({ duration: 'PT15M', notes: 'meditation 15m', activity: 'meditate' })]],
  ['active cal 540', [M('active_energy', 540, 'kcal')]],
  ['exercise minutes 52', [M('workout_minutes', 52, 'min')]],
  ['distance 7.3 km', [M('distance', 7.3, 'km')]],
  ['vo2 max 47', [M('vo2_max', 47, 'mL/kg/min')]],
  ['14 floors', [M('floors_climbed', 14, 'count')]],
  ['resp rate 14', [M('respiratory_rate', 14, 'breaths/min')]],
  ['pulse ox 98%', [M('spo2', 98, '%')]],
  ['hr resting 49', [M('resting_heart_rate', 49, 'bpm')]],
  ['calories 1800', [M('dietary_energy', 1800, 'kcal')]],
  ['64 oz water', [M('water', 1892.705892, 'ml')]],
  ['bottle of water', [M('water', 500, 'ml')]],
  ['a can of cola', [M('caffeine', 34, 'mg')]],
  ['cappucino', [M('caffeine', 63, 'mg')]],
  ['matcha latte', [M('caffeine', 70, 'mg')]],
  // scores in the ways people write them
  ['mood: meh 5/10', [M('mood', 5, 'score')]],
  ['good mood today 😊 8/10', [M('mood', 8, 'score')]],
  ['stressed af, 9/10', [M('stress', 9, 'score')]],
  ['energy 6 of 10', [M('energy', 6, 'score')]],
  // nights told by their ends (the later start word wins), and the phases of a night
  ['fell asleep around midnight, alarm at 6:30', [M('sleep_duration', 6.5, 'h', '2026-03-10T05:30:00.000Z')]],
  ['slept 10pm-6am', [M('sleep_duration', 8, 'h', '2026-03-10T05:00:00.000Z')]],
  ['in bed by 10:30, asleep around 11, up at 6:30', [M('sleep_duration', 7.5, 'h', '2026-03-10T05:30:00.000Z')]],
  ['sleep: 7:12', [M('sleep_duration', 7.2, 'h')]],
  ['Sleep 7h, deep sleep 1h20', [M('sleep_duration', 7, 'h')]],
  // a day told between a metric's name and its number is the reading's day (at noon)
  ['weight on Monday 72.8', [M('weight', 72.8, 'kg', '2026-03-09T11:00:00.000Z')]],
  ['Weight yesterday: 73.2', [M('weight', 73.2, 'kg', '2026-03-09T11:00:00.000Z')]],
  // timezones: the same words, other places
  ['yesterday 9pm headache', [E({ at: '2026-03-10T01:00:00.000Z', notes: 'headache', tags: ['headache'] })], { tz: 'America/New_York' }],
  // 04:30 in Auckland: "this morning" cannot be 08:00, still to come; it is the capture time.
  ['this morning weight 80 kg', [M('weight', 80, 'kg', NOW)], { tz: 'Pacific/Auckland' }],
  [
    'this morning weight 80 kg',
    [M('weight', 80, 'kg', '2026-03-10T19:00:00.000Z')],
    { tz: 'Pacific/Auckland', at: '2026-03-10T20:00:00Z' },
  ],
  // across the start of summer time in Berlin (2026-03-29): 21:00 the day before is still UTC+1
  [
    'yesterday 9pm headache',
    [E({ at: '2026-03-28T20:00:00.000Z', notes: 'headache', tags: ['headache'] })],
    { at: '2026-03-29T12:00:00Z' },
  ],
  // text it cannot read: one low-confidence event holding the text
  ['zzkx qwv', [E({ notes: 'zzkx qwv' })]],
  ['lorem', [E({ notes: 'lorem' })]],
];

test('the table has at least 60 phrasings', () => {
  expect(TABLE.length).toBeGreaterThanOrEqual(60);
  expect(new Set(TABLE.map(([t, , o]) => `${t}|${o?.tz ?? ''}|${o?.at ?? ''}`)).size).toBe(TABLE.length);
});

// Rest parameters keep the callback's arity at 2, so jest does not take a third one for `done`.
test.each(TABLE)('%j', (text, expected, ...rest) => {
  const opts = rest[0];
  const drafts = parseCapture(text, {
    capturedAt: new Date(opts?.at ?? NOW),
    timezone: opts?.tz ?? 'Europe/Berlin',
    categories,
  });
  expect(drafts.map(shape)).toEqual(expected);
  for (const d of drafts) {
    expect(d.confidence).toBeGreaterThan(0);
    expect(d.confidence).toBeLessThanOrEqual(1);
    expect(d.title.length).toBeGreaterThan(0);
    expect(text.slice(d.span.start, d.span.end)).toBe(d.span.text);
  }
});

describe('details of the drafts', () => {
  const ctx = { capturedAt: new Date(NOW), timezone: 'Europe/Berlin', categories };

  test('a reading keeps what was typed next to the canonical value', () => {
    const [d] = parseCapture('weighed 160 lbs', ctx);
    expect(d.payload).toMatchObject({ metric_type_slug: 'weight', value: 72.5747792, unit: 'kg', input_value: 160, input_unit: 'lb' });
    expect(d.span).toEqual({ start: 0, end: 15, text: 'weighed 160 lbs' });
    expect(d.title).toBe('Weight 72.57 kg');
  });

  test('tags with only readings go into their metadata', () => {
    const drafts = parseCapture('weight 70 kg #fasted', ctx);
    expect(drafts).toHaveLength(1);
    expect(drafts[0].payload.metadata).toEqual({ tags: ['fasted'] });
  });

  test('a logged clock time is never after the capture, whatever the hour, in any timezone', () => {
    for (const timezone of ['Europe/Berlin', 'America/Los_Angeles', 'Pacific/Kiritimati']) {
      for (let h = 0; h < 24; h++) {
        const at = `${String(h).padStart(2, '0')}:15`;
        for (const text of [`weight 70 kg at ${at}`, `nap 20 min at ${at}`]) {
          const drafts = parseCapture(text, { ...ctx, timezone });
          expect(drafts.length).toBeGreaterThan(0);
          for (const d of drafts) expect(d.occurredAt.getTime()).toBeLessThanOrEqual(ctx.capturedAt.getTime());
        }
      }
    }
  });

  test('a scored symptom is an event with the score as its value, its scale, and what was scored as a tag', () => {
    for (const [text, tag, value] of [
      ['headache 6/10', 'headache', 6],
      ['feeling anxious, 4 out of 10', 'anxious', 4],
      ['back pain 3 / 5', 'back-pain', 3],
    ] as const) {
      const [d, ...more] = parseCapture(text, ctx);
      expect(more).toEqual([]);
      expect(d.kind).toBe('event');
      expect(d.payload).toMatchObject({ scalar_value: value, tags: [tag], metadata: { scale: text.includes('/ 5') ? 5 : 10 } });
    }
    // Past the scale it is not a score.
    expect(parseCapture('pain 12/10', ctx)[0].payload).toMatchObject({ scalar_value: null });
  });

  test('a night from bedtime to wake time carries its window; a wake time still ahead today is this morning of yesterday', () => {
    const [d] = parseCapture('bed at 23:45, up at 6:50', ctx);
    expect(d.windowStart?.toISOString()).toBe('2026-03-09T22:45:00.000Z');
    expect(d.windowEnd?.toISOString()).toBe('2026-03-10T05:50:00.000Z');
    expect(d.payload.metadata).toEqual({ bedtime: '23:45', wake_time: '06:50' });
    // Typed at 05:00 in Berlin, 06:50 has not come yet today: the night that ended yesterday.
    const [early] = parseCapture('bed at 23:45, up at 6:50', { ...ctx, capturedAt: new Date('2026-03-10T04:00:00.000Z') });
    expect(early.occurredAt.toISOString()).toBe('2026-03-09T05:50:00.000Z');
    // Not a night: ten minutes in bed, or a wake time that is not a clock time.
    expect(parseCapture('bed 22:30 up 22:40', ctx).every((x) => x.payload.metric_type_slug !== 'sleep_duration')).toBe(true);
  });

  test('spans point into the original text', () => {
    const text = 'slept 7h20, weight 72.4 kg';
    expect(parseCapture(text, ctx).map((d) => d.span)).toEqual([
      { start: 0, end: 10, text: 'slept 7h20' },
      { start: 12, end: 26, text: 'weight 72.4 kg' },
    ]);
  });

  test('an activity event has a window from its start over its duration', () => {
    const [d] = parseCapture('ran 5k this morning in 27 min', ctx);
    expect(d.windowStart?.toISOString()).toBe('2026-03-10T07:00:00.000Z');
    expect(d.windowEnd?.toISOString()).toBe('2026-03-10T07:27:00.000Z');
    expect(d.title).toBe('Running · 5 km · 27 min');
  });

  test('unreadable text is a low-confidence event; recognised text scores higher', () => {
    const [unknown] = parseCapture('zzkx qwv', ctx);
    const [known] = parseCapture('ran 5k', ctx);
    expect(unknown.confidence).toBeLessThan(0.5);
    expect(known.confidence).toBeGreaterThan(unknown.confidence);
  });

  test('deterministic: the same input gives the same drafts', () => {
    const text = 'weight 72.4 kg, ran 5k this morning in 27 min; lunch at Café Nero: salad';
    expect(parseCapture(text, ctx)).toEqual(parseCapture(text, ctx));
    expect(PARSER_VERSION).toMatch(/^capture-grammar\/\d+$/);
  });
});

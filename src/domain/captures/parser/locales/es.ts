import { es as chronoEs } from 'chrono-node';
import { guardedSpanish } from './es-dates.ts';
import type { Lexicon } from './lexicon.ts';
import { ago, clockWithPart, dayPart, lastNight, localeTimes, type LocaleTimes } from './times.ts';

const NUMBERS: Record<string, number> = {
  un: 1,
  una: 1,
  uno: 1,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  ocho: 8,
  nueve: 9,
  diez: 10,
  once: 11,
  doce: 12,
};

/** Spanish: "dormí 7 horas y media", "peso 72,4 kg", "dos cafés", "corrí 5 km en 27 minutos ayer a las 21". */
export const esWords: Lexicon = {
  numbers: NUMBERS,
  hours: 'horas|hora',
  minutes: 'minutos|minuto',
  seconds: 'segundos|segundo|seg',
  and: 'y',
  andAHalf: 'y\\s+media|y\\s+medio',
  durationPhrases: [
    ['una\\s+hora\\s+y\\s+media|hora\\s+y\\s+media', 5400],
    ['tres\\s+cuartos\\s+de\\s+hora', 2700],
    ['un\\s+cuarto\\s+de\\s+hora', 900],
    ['media\\s+hora', 1800],
    ['una\\s+hora', 3600],
  ],
  ago: 'hace',
  at: 'a\\s+las?|sobre\\s+las?|desde\\s+las?|hasta\\s+las?',
  none: 'sin|ningún|ningun|nada\\s+de|no',
  took: 'en|durante|unos|unas|aproximadamente',
  outOf: 'de|sobre',
  sep: 'es|era|fue|de',
  of: '\\s+de\\s+',
  sleep: 'dormí|dormi|dormido|dormir|duermo|sueño|sueno',
  sleepAfter: 'de\\s+sueño|de\\s+sueno|dormidas|dormido',
  sleepHow: 'unas|unos|solo|sólo|bien|mal|apenas|casi|como|aproximadamente',
  weight: 'peso|pesé|pese',
  weightUnits: 'kilogramos?',
  bodyFat: 'grasa\\s+corporal',
  restingHeartRate:
    'pulso\\s+en\\s+reposo|fc\\s+en\\s+reposo|frecuencia\\s+cardíaca\\s+en\\s+reposo|frecuencia\\s+cardiaca\\s+en\\s+reposo',
  heartRate: 'pulso|pulsaciones|frecuencia\\s+cardíaca|frecuencia\\s+cardiaca|fc',
  bloodPressure: 'presión\\s+arterial|presion\\s+arterial|tensión\\s+arterial|tension\\s+arterial|presión|presion|tensión|tension',
  over: 'sobre',
  bloodPressureCmHg: 'tensión\\s+arterial|tension\\s+arterial|tensión|tension',
  temperature: 'temperatura|fiebre',
  degrees: 'grados|grado',
  glucose: 'glucosa|glucemia',
  spo2: 'saturación|saturacion|oxígeno|oxigeno',
  steps: 'pasos',
  water: 'agua',
  waterUnits: 'litros?|vasos?|botellas?|tazas?',
  servingUnits: 'vasos?|botellas?|tazas?',
  caffeine: 'cafeína|cafeina',
  cups: 'tazas?',
  drank: 'me\\s+tomé|me\\s+tome|tomé|tome|bebí|bebi',
  drankAfter: '',
  drinks: [
    ['cafés?\\s+con\\s+leche|cafes?\\s+con\\s+leche', 'latte'],
    ['cafés?|cafes?', 'coffee'],
    ['expresos?', 'espresso'],
    ['tés?\\s+verdes?', 'green tea'],
    ['tés?', 'tea'],
    ['coca-colas?|cocas?', 'cola'],
  ],
  protein: 'proteínas?|proteinas?',
  mood: 'estado\\s+de\\s+ánimo|estado\\s+de\\s+animo|ánimo|animo|humor',
  energy: 'energía|energia',
  stress: 'estrés|estres',
  scoreHow: 'hoy|muy|bastante|bueno|buena|malo|mala|alto|alta|bajo|baja|es|era|estaba|nivel',
  feeling: 'me\\s+siento|me\\s+sentí|me\\s+senti',
  feelingHow: 'hoy|muy|bastante|bien|mal|genial|regular|cansad[oa]|feliz|triste',
  units: {
    litro: 'l',
    litros: 'l',
    grado: '°C',
    grados: '°C',
    kilogramo: 'kg',
    kilogramos: 'kg',
  },
  servings: {
    vaso: 'glasses',
    vasos: 'glasses',
    botella: 'bottle',
    botellas: 'bottle',
    taza: 'cup',
    tazas: 'cup',
  },
  distanceUnits: { kilómetro: 'km', kilómetros: 'km', kilometro: 'km', kilometros: 'km', metro: 'm', metros: 'm' },
  activities: {
    run: { words: 'correr|corrí|corri|corrido|carrera|trotar|troté|trote|footing', categories: ['correr', 'carrera', 'running'] },
    walk: {
      words: 'caminar|caminé|camine|caminata|paseo|pasear|paseé|pasee|andar|anduve',
      categories: ['caminar', 'caminata', 'paseo'],
    },
    hike: { words: 'senderismo|excursión|excursion', categories: ['senderismo', 'excursión'] },
    cycle: { words: 'bicicleta|bici|ciclismo|pedaleé|pedalee', categories: ['ciclismo', 'bicicleta', 'bici'] },
    swim: { words: 'nadar|nadé|nade|natación|natacion', categories: ['natación', 'natacion', 'nadar'] },
    strength: { words: 'gimnasio|pesas|musculación|musculacion', categories: ['gimnasio', 'pesas'] },
    meditate: { words: 'meditación|meditacion|medité|medite|meditar', categories: ['meditación', 'meditar'] },
  },
};

const spanish = guardedSpanish(chronoEs.casual);
/** How many of chrono's Spanish parsers got the exact pre-check of es-dates.ts (1 with chrono 2.10). */
export const spanishGuardedCount = spanish.guarded;

export const esTimes: LocaleTimes = localeTimes(
  spanish.casual,
  [
    lastNight('anoche'),
    // chrono reads "ayer" and "tarde" apart, and "mañana" alone as tomorrow.
    dayPart(
      '(hoy|ayer|anteayer)\\s+(?:por|en|a)\\s+la\\s+(mañana|manana|tarde|noche)',
      { hoy: 0, ayer: 1, anteayer: 2 },
      { mañana: 'morning', manana: 'morning', tarde: 'afternoon', noche: 'night' },
    ),
    clockWithPart('(?:a\\s+)?las?\\s+(\\d{1,2})(?::(\\d{2}))?\\s+de\\s+la\\s+(mañana|manana|madrugada|tarde|noche)', {
      mañana: 'morning',
      manana: 'morning',
      madrugada: 'morning',
      tarde: 'afternoon',
      noche: 'night',
    }),
    // chrono's Spanish has no "hace …" (ago).
    ago(
      `hace\\s+(\\d+|media|${Object.keys(NUMBERS).join('|')})\\s+(minutos?|horas?|hora|días?|dias?|semanas?)`,
      { ...NUMBERS, media: 0.5 },
      {
        minuto: 'minute',
        minutos: 'minute',
        hora: 'hour',
        horas: 'hour',
        día: 'day',
        días: 'day',
        dia: 'day',
        dias: 'day',
        semana: 'week',
        semanas: 'week',
      },
    ),
  ],
  /^(?:lun|mar|mié|mie|jue|vie|sáb|sab|dom|mayo|marzo|ahora|segundo)$/iu,
);

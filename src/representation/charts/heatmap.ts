import type { ChartFrame, GoalChart, MetricChart, TagChart } from '../../domain/charts/charts.service.ts';
import { WEEKDAYS } from '../../domain/users/preferences.ts';
import { labelsFor, type Labels } from './labels.ts';
import { dayMs, daysOf, esc, svgDocument, type RenderedChart } from './svg.ts';

const CELL = 11;
const PITCH = 13;
const M = { left: 30, top: 44, right: 10 };

/** How a day is drawn: its class (fill and pattern) and what its tooltip says. */
type Cell = { cls: string; text: string };
type Legend = Cell[];

/**
 * Five levels of one hue whose lightness alone tells them apart (they print in grey); days without
 * data are an outline, and a goal's outcomes differ by pattern as well as colour.
 */
const STYLE = [
  '.t{fill:#222}.m{fill:#555}',
  '.l0{fill:#ebedf0}.l1{fill:#bfe0b5}.l2{fill:#7fbf7f}.l3{fill:#3d8f50}.l4{fill:#18562b}',
  '.na{fill:#fff;stroke:#aaa;stroke-dasharray:2 2}',
  '.met{fill:#18562b}.missed{fill:url(#missed);stroke:#a33}.skipped{fill:url(#skipped)}.in_progress{fill:#fff;stroke:#18562b;stroke-width:1.5}',
].join('');
const PATTERNS =
  '<defs><pattern id="missed" width="4" height="4" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="4" height="4" fill="#fbe3e3"/><line x1="0" y1="0" x2="0" y2="4" stroke="#a33" stroke-width="1.5"/></pattern>' +
  '<pattern id="skipped" width="4" height="4" patternUnits="userSpaceOnUse"><rect width="4" height="4" fill="#eee"/><circle cx="2" cy="2" r="0.9" fill="#777"/></pattern></defs>';

/** Levels 1-4 split the positive values at their quartiles, so one outlier does not flatten the rest. */
function levelsOf(values: number[], L: Labels): { cell: (v: number) => string; legend: Legend } {
  const positive = values.filter((v) => v > 0).sort((a, b) => a - b);
  const q = [0.25, 0.5, 0.75].map((f) => positive[Math.min(positive.length - 1, Math.floor(f * positive.length))] ?? 0);
  const level = (v: number) => (v <= 0 ? 0 : v <= q[0] ? 1 : v <= q[1] ? 2 : v <= q[2] ? 3 : 4);
  // Tied quartiles (few distinct values) leave a level no value reaches: it is not in the legend.
  const legend: Legend = [
    { cls: 'l0', text: '0' },
    { cls: 'l1', text: `≤ ${L.number(q[0])}` },
    ...(q[1] > q[0] ? [{ cls: 'l2', text: `≤ ${L.number(q[1])}` }] : []),
    ...(q[2] > q[1] ? [{ cls: 'l3', text: `≤ ${L.number(q[2])}` }] : []),
    { cls: 'l4', text: `> ${L.number(q[2])}` },
  ];
  return { cell: (v) => `l${level(v)}`, legend };
}

/** A calendar of the period: a column per week (from the user's first weekday), a row per weekday. */
function calendar(
  f: ChartFrame,
  title: string,
  desc: string,
  L: Labels,
  cellOf: (day: string) => Cell,
  legend: Legend,
  patterns = false,
): RenderedChart {
  const days = daysOf(f.from, f.to);
  const firstWeekday = (WEEKDAYS.indexOf(f.weekStart) + 1) % 7;
  const rowOf = (day: string) => (new Date(dayMs(day)).getUTCDay() - firstWeekday + 7) % 7;
  const lead = rowOf(days[0]);
  const columnOf = (i: number) => Math.floor((i + lead) / 7);
  const weeks = columnOf(days.length - 1) + 1;
  const width = M.left + weeks * PITCH + M.right;
  const legendY = M.top + 7 * PITCH + 14;
  const height = legendY + 20;
  const body: string[] = patterns ? [PATTERNS] : [];
  body.push(`<text class="t" x="${M.left}" y="18" font-size="14" font-weight="600">${esc(title)}</text>`);
  body.push(`<text class="m" x="${M.left}" y="32">${esc(`${L.date(f.from)} – ${L.date(f.to)}`)}</text>`);
  for (const row of [0, 2, 4]) {
    const day = days.find((d) => rowOf(d) === row) ?? days[0];
    body.push(
      `<text class="m" x="${M.left - 6}" y="${M.top + row * PITCH + CELL - 2}" text-anchor="end" font-size="9">${esc(L.weekday(day))}</text>`,
    );
  }
  let lastLabel = -Infinity;
  days.forEach((day, i) => {
    const column = columnOf(i);
    if ((i === 0 || day.endsWith('-01')) && column - lastLabel >= 3) {
      body.push(`<text class="m" x="${M.left + column * PITCH}" y="${M.top - 4}" font-size="9">${esc(L.month(day))}</text>`);
      lastLabel = column;
    }
  });
  for (let column = 0; column < weeks; column++) {
    const cells: string[] = [];
    for (let i = Math.max(0, column * 7 - lead); i < Math.min(days.length, column * 7 - lead + 7); i++) {
      const c = cellOf(days[i]);
      cells.push(
        `<rect y="${M.top + rowOf(days[i]) * PITCH}" width="${CELL}" height="${CELL}" class="${c.cls}"><title>${esc(`${L.date(days[i])}: ${c.text}`)}</title></rect>`,
      );
    }
    body.push(`<g transform="translate(${M.left + column * PITCH} 0)">${cells.join('')}</g>`);
  }
  let x = M.left;
  for (const item of legend) {
    body.push(`<rect x="${x}" y="${legendY}" width="${CELL}" height="${CELL}" class="${item.cls}"/>`);
    body.push(`<text class="m" x="${x + CELL + 4}" y="${legendY + CELL - 1}" font-size="10">${esc(item.text)}</text>`);
    x += CELL + 10 + Math.ceil(item.text.length * 5.6);
  }
  return svgDocument({
    width: Math.max(width, x),
    height,
    title: `${title}, ${L.date(f.from)} – ${L.date(f.to)}`,
    desc,
    style: STYLE,
    body,
  });
}

/** A metric's daily values by lightness; days without data outlined. */
export function metricHeatmap(c: MetricChart): RenderedChart {
  const L = labelsFor(c.language);
  const { cell, legend } = levelsOf([...c.values.values()], L);
  const missing = daysOf(c.from, c.to).length - c.values.size;
  return calendar(
    c,
    `${c.title} (${c.unit})`,
    `${c.title}: ${c.values.size} ${L.daysWithData}, ${missing} ${L.daysWithout}`,
    L,
    (day) => {
      const v = c.values.get(day);
      return v === undefined ? { cls: 'na', text: L.none } : { cls: cell(v), text: `${L.number(v)} ${c.unit}` };
    },
    [...legend, { cls: 'na', text: L.none }],
  );
}

/** How often a tag was logged each day: a day without one is a zero, not missing. */
export function tagHeatmap(c: TagChart): RenderedChart {
  const L = labelsFor(c.language);
  const { cell, legend } = levelsOf([...c.counts.values()], L);
  const total = [...c.counts.values()].reduce((a, b) => a + b, 0);
  return calendar(
    c,
    `#${c.tag}`,
    `#${c.tag}: ${total} ${L.events}; ${L.daysWithData}: ${c.counts.size} / ${daysOf(c.from, c.to).length}`,
    L,
    (day) => {
      const n = c.counts.get(day) ?? 0;
      return { cls: cell(n), text: `${n} ${L.events}` };
    },
    legend,
  );
}

/** A goal's outcome each day, told apart by pattern as well as colour. */
export function goalHeatmap(c: GoalChart): RenderedChart {
  const L = labelsFor(c.language);
  const counts = { met: 0, missed: 0, skipped: 0, in_progress: 0 };
  for (const outcome of c.outcomes.values()) counts[outcome]++;
  return calendar(
    c,
    c.title,
    `${c.title}: ${(Object.keys(counts) as Array<keyof typeof counts>).map((k) => `${counts[k]} ${L.outcomes[k]}`).join(', ')}`,
    L,
    (day) => {
      const outcome = c.outcomes.get(day);
      return outcome ? { cls: outcome, text: L.outcomes[outcome] } : { cls: 'na', text: L.none };
    },
    [
      { cls: 'met', text: L.outcomes.met },
      { cls: 'missed', text: L.outcomes.missed },
      { cls: 'skipped', text: L.outcomes.skipped },
      { cls: 'in_progress', text: L.outcomes.in_progress },
      { cls: 'na', text: L.none },
    ],
    true,
  );
}

import type { MetricChart } from '../../domain/charts/charts.service.ts';
import { labelsFor } from './labels.ts';
import { gappedPath, missingRuns, scaleOf } from './series.ts';
import { daysOf, esc, px, svgDocument, type RenderedChart } from './svg.ts';

const W = 720;
const H = 300;
const M = { left: 56, right: 16, top: 44, bottom: 40 };
/** Up to a season of days each gets a marker; beyond, only days that stand alone do. */
const MARK_ALL_UP_TO = 92;

const STYLE = [
  '.axis{stroke:#555;stroke-width:1}',
  '.grid{stroke:#ddd;stroke-width:1}',
  '.line{fill:none;stroke:#1f4e9c;stroke-width:2;stroke-linejoin:round}',
  '.dot{fill:#1f4e9c}',
  '.gap{fill:#f1f1f1}',
  '.target{stroke:#1b7a3a;stroke-width:1.5;stroke-dasharray:6 4}',
  '.t{fill:#222}',
  '.m{fill:#555}',
].join('');

/**
 * A metric over a period: its daily values as a line broken where a day has none (those days
 * shaded), the daily goal as a hatched band beyond a dashed target line, in the user's language.
 */
export function lineChart(c: MetricChart): RenderedChart {
  const L = labelsFor(c.language);
  const days = daysOf(c.from, c.to);
  const plot = { left: M.left, right: W - M.right, top: M.top, bottom: H - M.bottom };
  const values = [...c.values.values()];
  const scale = scaleOf(c.goal ? [...values, c.goal.target] : values, plot.top, plot.bottom);
  const step = days.length > 1 ? (plot.right - plot.left) / (days.length - 1) : 0;
  const x = (i: number) => (days.length > 1 ? plot.left + i * step : (plot.left + plot.right) / 2);
  const { d, alone } = gappedPath(days, c.values, x, scale.y);
  const gaps = missingRuns(days, c.values);
  const body: string[] = [];

  body.push(`<text class="t" x="${M.left}" y="18" font-size="14" font-weight="600">${esc(c.title)} (${esc(c.unit)})</text>`);
  body.push(`<text class="m" x="${M.left}" y="34">${esc(`${L.date(c.from)} – ${L.date(c.to)}`)}</text>`);
  // Days without a value: shaded columns, so a gap reads as missing data and not as zero.
  for (const [a, b] of gaps) {
    const x0 = Math.max(plot.left, x(a) - step / 2);
    const x1 = Math.min(plot.right, x(b) + step / 2);
    body.push(`<rect class="gap" x="${px(x0)}" y="${plot.top}" width="${px(Math.max(1, x1 - x0))}" height="${plot.bottom - plot.top}"/>`);
  }
  for (const t of scale.ticks) {
    const y = px(scale.y(t));
    body.push(`<line class="grid" x1="${plot.left}" x2="${plot.right}" y1="${y}" y2="${y}"/>`);
    body.push(`<text class="m" x="${plot.left - 6}" y="${y}" text-anchor="end" dominant-baseline="middle">${esc(L.number(t))}</text>`);
  }
  if (c.goal) {
    const yt = scale.y(c.goal.target);
    const [y0, y1] = c.goal.direction === 'at_least' ? [plot.top, yt] : [yt, plot.bottom];
    body.push(
      '<defs><pattern id="band" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="8" height="8" fill="#eaf5ee"/><line x1="0" y1="0" x2="0" y2="8" stroke="#8cc79f" stroke-width="2"/></pattern></defs>',
      `<rect x="${plot.left}" y="${px(y0)}" width="${plot.right - plot.left}" height="${px(Math.max(0, y1 - y0))}" fill="url(#band)" opacity="0.8"/>`,
      `<line class="target" x1="${plot.left}" x2="${plot.right}" y1="${px(yt)}" y2="${px(yt)}"/>`,
    );
    const words = c.goal.direction === 'at_least' ? L.goalAtLeast : L.goalAtMost;
    body.push(
      `<text class="t" x="${plot.right}" y="${px(yt - 4)}" text-anchor="end">${esc(`${words} ${L.number(c.goal.target)} ${c.unit}`)}</text>`,
    );
  }
  body.push(`<line class="axis" x1="${plot.left}" x2="${plot.right}" y1="${plot.bottom}" y2="${plot.bottom}"/>`);
  const every = Math.max(1, Math.ceil(days.length / 6));
  for (let i = 0; i < days.length; i += every) {
    body.push(`<text class="m" x="${px(x(i))}" y="${plot.bottom + 16}" text-anchor="middle">${esc(L.day(days[i]))}</text>`);
  }
  if (d) body.push(`<path class="line" d="${d}"/>`);
  const marked = days.length <= MARK_ALL_UP_TO ? days.flatMap((day, i) => (c.values.has(day) ? [i] : [])) : alone;
  for (const i of marked) body.push(`<circle class="dot" cx="${px(x(i))}" cy="${px(scale.y(c.values.get(days[i])!))}" r="2.5"/>`);
  const missing = days.length - c.values.size;
  body.push(
    `<text class="m" x="${plot.left}" y="${H - 6}">${esc(`${c.values.size} ${L.daysWithData}${missing ? `, ${missing} ${L.daysWithout}` : ''}`)}</text>`,
  );

  return svgDocument({
    width: W,
    height: H,
    title: `${c.title}, ${L.date(c.from)} – ${L.date(c.to)}`,
    desc: describe(c, L, missing),
    style: STYLE,
    body,
  });
}

function describe(c: MetricChart, L: ReturnType<typeof labelsFor>, missing: number): string {
  const values = [...c.values.values()];
  const range = values.length ? `; min ${L.number(Math.min(...values))}, max ${L.number(Math.max(...values))} ${c.unit}` : `; ${L.none}`;
  const goal = c.goal ? `; ${c.goal.direction === 'at_least' ? L.goalAtLeast : L.goalAtMost} ${L.number(c.goal.target)} ${c.unit}` : '';
  return `${c.title}: ${c.values.size} ${L.daysWithData}, ${missing} ${L.daysWithout}${range}${goal}`;
}

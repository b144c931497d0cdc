import type { MetricChart } from '../../domain/charts/charts.service.ts';
import { labelsFor } from './labels.ts';
import { gappedPath, scaleOf } from './series.ts';
import { daysOf, px, svgDocument, type RenderedChart } from './svg.ts';

const W = 120;
const H = 32;
const PAD = 3;

/** A metric's trend in a line of text: no axes, gaps kept, the last day with a value marked. */
export function sparkline(c: MetricChart): RenderedChart {
  const L = labelsFor(c.language);
  const days = daysOf(c.from, c.to);
  const scale = scaleOf([...c.values.values()], PAD, H - PAD, 1);
  const x = (i: number) => (days.length > 1 ? PAD + (i * (W - 2 * PAD)) / (days.length - 1) : W / 2);
  const { d, alone } = gappedPath(days, c.values, x, scale.y);
  const last = days.findLastIndex((day) => c.values.has(day));
  const body: string[] = [];
  if (d) body.push(`<path d="${d}" fill="none" stroke="#1f4e9c" stroke-width="1.5" stroke-linejoin="round"/>`);
  for (const i of new Set([...alone, ...(last >= 0 ? [last] : [])])) {
    body.push(`<circle cx="${px(x(i))}" cy="${px(scale.y(c.values.get(days[i])!))}" r="2" fill="#1f4e9c"/>`);
  }
  const lastValue = last >= 0 ? `${L.number(c.values.get(days[last])!)} ${c.unit} (${L.day(days[last])})` : L.none;
  return svgDocument({
    width: W,
    height: H,
    title: `${c.title}, ${L.date(c.from)} – ${L.date(c.to)}`,
    desc: `${c.title}: ${c.values.size} ${L.daysWithData}; ${lastValue}`,
    style: '',
    body,
  });
}

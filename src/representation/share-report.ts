import type { ShareReport } from '../domain/shares/report.ts';
import { goalHeatmap, tagHeatmap } from './charts/heatmap.ts';
import { labelsFor } from './charts/labels.ts';
import { lineChart } from './charts/line.ts';
import { esc, type RenderedChart } from './charts/svg.ts';
import { CSV_BOM, csvRow } from '../archive/csv.ts';

/**
 * A share's report as one HTML page that needs nothing else: styles inline, charts as inline SVG,
 * no script, no font, no image from anywhere (the page's CSP allows none). Print CSS makes a
 * browser's "print to PDF" a clean A4 or Letter document: each section kept together, no links shown.
 */
const STYLE = `
:root{color-scheme:light}
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#222;max-width:900px;margin:24px auto;padding:0 16px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px;border-bottom:1px solid #ccc;padding-bottom:4px}
h3{font-size:15px;margin:18px 0 6px}.meta{color:#555;margin:0 0 16px}
table{border-collapse:collapse;margin:6px 0 12px;display:block;max-width:100%;overflow-x:auto}th,td{border:1px solid #ccc;padding:3px 8px;text-align:left;vertical-align:top}
th{background:#f3f3f3}td.n{text-align:right;font-variant-numeric:tabular-nums}
.note{color:#555;font-size:12px}.exploratory{border-left:3px solid #b58105;padding-left:8px}
section{break-inside:avoid}img.chart{display:block;max-width:100%;height:auto}
nav a{margin-right:12px}
@page{size:auto;margin:14mm}
@media print{body{margin:0;max-width:none}table{display:table}nav{display:none}h2{break-after:avoid}section,table,img{break-inside:avoid}}
`;

/**
 * A chart as an image of its own (a data: URI, which the page's CSP allows): each SVG keeps its
 * ids and its stylesheet to itself, where inline ones would share the page's (two charts' `#t`,
 * one chart's `.m` styling another's). Still vector in print; the description is its alt text.
 */
function chartImage(chart: RenderedChart): string {
  const size = /width="(\d+)" height="(\d+)"/.exec(chart.svg);
  return `<img class="chart" src="data:image/svg+xml;base64,${Buffer.from(chart.svg).toString('base64')}" alt="${esc(chart.description)}"${
    size ? ` width="${size[1]}" height="${size[2]}"` : ''
  }>`;
}

function table(head: string[], rows: string[][], numeric: boolean[] = []): string {
  return `<table><thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>${rows
    .map((r) => `<tr>${r.map((c, i) => `<td${numeric[i] ? ' class="n"' : ''}>${esc(c)}</td>`).join('')}</tr>`)
    .join('')}</tbody></table>`;
}

/** `base`: the link's token, which relative links resolve against (/s/{token}/csv), whatever prefix a proxy adds. */
export function reportHtml(r: ShareReport, base: string): string {
  const L = labelsFor(r.language);
  const num = (v: number | null) => (v === null ? '–' : L.number(v));
  const timeFormat = new Intl.DateTimeFormat(r.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: r.timezone });
  const when = (d: Date) => timeFormat.format(d);
  const coefficient = new Intl.NumberFormat(r.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const probability = new Intl.NumberFormat(r.language, { maximumSignificantDigits: 2 });
  const parts: string[] = [];
  parts.push(`<h1>${esc(r.label)}</h1>`);
  parts.push(`<p class="meta">${esc(`${L.date(r.from)} – ${L.date(r.to)} · times in ${r.timezone}`)}</p>`);
  parts.push(`<nav><a href="${esc(base)}/csv">CSV</a><a href="${esc(base)}/fhir">FHIR (R4 JSON)</a></nav>`);

  if (r.metrics.length) {
    parts.push('<h2>Measurements</h2>');
    for (const m of r.metrics) {
      parts.push(
        `<section><h3>${esc(`${m.chart.title} (${m.chart.unit})`)}</h3>${chartImage(lineChart(m.chart))}`,
        table(
          ['days with data', 'min', 'median', 'max', 'days without data'],
          [[String(m.n), num(m.min), num(m.median), num(m.max), String(m.missingDays)]],
          [true, true, true, true, true],
        ),
        `<p class="note">Sources: ${m.sources.length ? esc(m.sources.map((s) => `${s.source} (${s.days} days)`).join(', ')) : 'none'}</p></section>`,
      );
    }
  }
  if (r.goals.length) {
    parts.push('<h2>Goals</h2>');
    for (const g of r.goals) {
      if (!g.chart) {
        parts.push(`<section><h3>${esc(g.title)}</h3><p class="note">No goal is set for this measurement.</p></section>`);
        continue;
      }
      const adherence = g.adherence === null ? '–' : `${Math.round(g.adherence * 100)} %`;
      parts.push(
        `<section><h3>${esc(g.title)}</h3>${chartImage(goalHeatmap(g.chart))}`,
        table(
          ['met', 'missed', 'skipped', 'adherence', 'current streak', 'longest streak'],
          [[String(g.met), String(g.missed), String(g.skipped), adherence, String(g.streak), String(g.longestStreak)]],
          [true, true, true, true, true, true],
        ),
        '</section>',
      );
    }
  }
  if (r.tags.length) {
    parts.push('<h2>Logged tags</h2>');
    parts.push(
      table(
        ['tag', 'times', 'days'],
        r.tags.map((t) => [t.chart.tag, String(t.total), String(t.days)]),
        [false, true, true],
      ),
    );
    for (const t of r.tags) parts.push(`<section>${chartImage(tagHeatmap(t.chart))}</section>`);
    if (r.timeline.length) {
      parts.push('<h3>Timeline</h3>');
      parts.push(
        table(
          ['when', 'tags', 'notes'],
          r.timeline.map((e) => [when(e.occurredAt), e.tags.join(', '), e.notes ?? '']),
        ),
      );
    }
  }
  if (r.categories.length) {
    parts.push('<h2>Categories</h2>');
    parts.push(
      table(
        ['category', 'events'],
        r.categories.map((c) => [c.name, String(c.count)]),
        [false, true],
      ),
    );
  }
  if (r.captures) {
    parts.push('<h2>Notes written</h2>');
    parts.push(
      r.captures.length
        ? table(
            ['when', 'text'],
            r.captures.map((c) => [when(c.capturedAt), c.text]),
          )
        : '<p class="note">None in this period.</p>',
    );
  }
  if (r.visits) {
    parts.push('<h2>Places</h2>');
    parts.push(
      r.visits.length
        ? table(
            ['place', 'arrived', 'left'],
            r.visits.map((v) => [v.placeName, when(v.occurredAt), v.endedAt ? when(v.endedAt) : '']),
          )
        : '<p class="note">None in this period.</p>',
    );
  }
  if (r.correlations) {
    parts.push('<h2>Correlations</h2>');
    parts.push(
      '<p class="note exploratory">Exploratory: rank correlations between the series shown here, day by day (a lag of 1 compares the second series on the day before). They describe association, not cause; q is the false-discovery-rate adjusted p-value over every test made, and the 95 % interval is approximate.</p>',
    );
    if (r.correlations === 'too_short') parts.push('<p class="note">The period is too short to correlate (at least 14 days).</p>');
    else
      parts.push(
        r.correlations.length
          ? table(
              ['series', 'with', 'lag (days)', 'days', 'r', '95 % interval', 'q', 'confidence'],
              r.correlations.map((c) => [
                c.of,
                c.with,
                String(c.lag),
                String(c.n),
                coefficient.format(c.r),
                `${coefficient.format(c.low)} to ${coefficient.format(c.high)}`,
                probability.format(c.qValue),
                c.confidence,
              ]),
              [false, false, true, true, true, false, true, false],
            )
          : '<p class="note">None found among these series in this period.</p>',
      );
  }
  if (r.experiments) {
    parts.push('<h2>Experiments</h2>');
    parts.push(
      '<p class="note exploratory">Exploratory: a self-experiment of one person, analysed without correction across other questions. An interval that holds zero means no clear effect.</p>',
    );
    parts.push(
      r.experiments.length
        ? table(
            ['hypothesis', 'outcome', 'days A / B', 'difference (B − A)', '95 % interval', 'verdict'],
            r.experiments.map((e) => [
              e.hypothesis,
              e.outcome,
              `${e.results.nA} / ${e.results.nB}`,
              num(e.results.difference),
              e.results.ciLow === null || e.results.ciHigh === null ? '–' : `${L.number(e.results.ciLow)} to ${L.number(e.results.ciHigh)}`,
              e.results.verdict.replaceAll('_', ' '),
            ]),
          )
        : '<p class="note">None in this period.</p>',
    );
  }
  parts.push(
    `<p class="note">Made by a self-hosted lifetrack service for ${esc(r.label)}. Values are as the person recorded or their devices reported them.</p>`,
  );
  return `<!doctype html><html lang="${r.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${esc(r.label)}</title><style>${STYLE}</style></head><body>${parts.join('\n')}</body></html>`;
}

/** The page a password share answers until its password is given: a form posted to the same link (`base`: the token, a path relative to /s/). */
export function passwordHtml(base: string, wrong: boolean): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Password needed</title><style>${STYLE}</style></head><body><h1>This share needs its password</h1>${
    wrong ? '<p class="note">That password was not right.</p>' : ''
  }<form method="post" action="${esc(base)}"><label>Password <input type="password" name="password" required autofocus></label> <button type="submit">Open</button></form></body></html>`;
}

/** An answer for a link that does not open (unknown, expired, revoked, used up, throttled). */
export function messageHtml(title: string, detail: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${esc(title)}</title><style>${STYLE}</style></head><body><h1>${esc(title)}</h1><p>${esc(detail)}</p></body></html>`;
}

/** The report's data as one CSV (the archive's cells: formulas defused): a row per day and series, a metric's value, a tag's count, a goal's outcome. */
export function reportCsv(r: ShareReport): string {
  const byDay = <V>(m: Map<string, V>) => [...m].sort(([a], [b]) => a.localeCompare(b));
  const rows = [csvRow(['date', 'kind', 'name', 'value', 'unit'])];
  for (const m of r.metrics)
    for (const [day, v] of byDay(m.chart.values)) rows.push(csvRow([day, 'metric', m.chart.slug, v, m.chart.unit]));
  for (const t of r.tags) for (const [day, n] of byDay(t.chart.counts)) rows.push(csvRow([day, 'tag', t.chart.tag, n, 'count']));
  for (const g of r.goals)
    if (g.chart) for (const [day, outcome] of byDay(g.chart.outcomes)) rows.push(csvRow([day, 'goal', g.slug, outcome, '']));
  return CSV_BOM + rows.join('');
}

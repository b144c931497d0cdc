/**
 * Where GraphQL says a chart is: the REST path that draws it (GraphQL answers JSON, the chart is a
 * document of its own). A path on this server, so it holds behind any PUBLIC_URL or proxy prefix the
 * client already uses; fetched with the same token.
 */
type Period = { from?: string; to?: string };

function path(userId: string, rest: string, period: Period): string {
  const query = new URLSearchParams();
  if (period.from) query.set('from', period.from);
  if (period.to) query.set('to', period.to);
  const q = query.toString();
  return `/users/${userId}/charts/${rest}${q ? `?${q}` : ''}`;
}

export function metricChartLinks(userId: string, slug: string, period: Period) {
  const metric = `metrics/${encodeURIComponent(slug)}`;
  return {
    line: path(userId, metric, period),
    sparkline: path(userId, `${metric}/sparkline`, period),
    heatmap: path(userId, `${metric}/heatmap`, period),
  };
}

export const goalChartLink = (userId: string, slug: string, period: Period) =>
  path(userId, `goals/${encodeURIComponent(slug)}/heatmap`, period);

export const tagChartLink = (userId: string, tag: string, period: Period) =>
  path(userId, `tags/${encodeURIComponent(tag)}/heatmap`, period);

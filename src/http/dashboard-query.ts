/**
 * The README's dashboard query ("GraphQL: a dashboard in one round trip"), the GraphQL explorer's
 * default query. A TS constant rather than a file under docs/: the Docker image and `npm start`
 * (dist/) carry src/ but not docs/. test/graphql/explorer.test.ts holds the README to this text.
 */
export const DASHBOARD_QUERY = `{ me {
  suggestions(status: accepted, limit: 20) { pendingCount items { id title resultingEvent { id occurredAt tags } } }
  goals { slug label unit target direction isSet today { value met progress } }
  episodes { windowDays episodes { key label direction z headline } }
  insightGraph(metric: "sleep_duration") { center { key label } edges { key label confidence lag r qValue metricType { unit } } }
} }`;

/** The dashboard screen as one GraphQL query: the inbox with its events, goals with today, episodes and the graph. */
export const DASHBOARD = `query Dashboard($metric: String!) { me {
  suggestions(status: accepted, limit: 20) { pendingCount items { id kind title createdAt resultingEvent { id occurredAt tags notes } } }
  goals { slug label unit target direction active isSet today { value met progress } }
  episodes { windowDays episodes { id key label direction z headline } }
  insightGraph(metric: $metric) { center { key label unit } edges { key label kind direction confidence lag n r qValue } }
} }`;

import { exportArchive } from '../../archive/export.ts';
import { route, type Route } from '../route.ts';

const tag = 'archive';

export const archiveRoutes: Route[] = [
  route({
    method: 'get',
    path: '/users/{user_id}/export',
    tag,
    access: 'account',
    summary:
      'Everything the account holds as one ZIP, streamed: manifest.json, one NDJSON file per resource type (each line a resource as its REST read shows it; encrypted payloads stay ciphertext, the wrapped key is included), and events.csv, health_metrics.csv and days.csv for a spreadsheet. A signed-in session only',
    produces: 'application/zip',
    responses: { 200: null },
    handler: async (r) => ({
      stream: exportArchive(r.actor),
      status: 200,
      headers: {
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="lifetrack-export-${new Date().toISOString().slice(0, 10)}.zip"`,
        'Cache-Control': 'no-store',
      },
    }),
  }),
];

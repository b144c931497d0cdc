import { appendFileSync } from 'node:fs';
import { checked } from './openapi-check.ts';

/** Each test file adds how many answers it checked against /openapi.json; the teardown prints the sum. */
afterAll(() => {
  const file = process.env.OPENAPI_CHECK_COUNTS;
  if (file && checked.__openapiChecked) appendFileSync(file, `${checked.__openapiChecked}\n`);
});

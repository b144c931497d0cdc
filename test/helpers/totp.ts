import { setTimeout as sleep } from 'node:timers/promises';
import { generate } from 'otplib';

const STEP_MS = 30_000;
/** Long enough for a request on a loaded CI machine to reach the server inside the same step. */
const MARGIN_MS = 5_000;

/**
 * The code for the step `stepsAhead` from now. The server accepts one step either way, so a code
 * for the previous step stops working when the step turns; near the end of a step this waits for
 * the next one, so the request that carries the code reaches the server in the step it was made
 * for (a CI run failed when the step turned between making a code and sending it).
 */
export async function codeAt(secret: string, stepsAhead = 0): Promise<string> {
  const left = STEP_MS - (Date.now() % STEP_MS);
  if (left < MARGIN_MS) await sleep(left + 50);
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });
}

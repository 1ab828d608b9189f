// #41 After-effects in one place: no service writes an activity entry, an order-log entry, a live
// event, a webhook delivery or a customer letter by hand; each goes through recordEffects
// (server/platform/effects.ts), which writes them in the change's transaction. Read from the source,
// so a new service is checked without a line here.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.join(import.meta.dirname, '../..');

function files(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(`${dir}/${e.name}`) : /\.ts$/.test(e.name) ? [`${dir}/${e.name}`] : []);
}

/** What writes an after-effect other than through recordEffects. */
const BY_HAND: [RegExp, string][] = [
  [/insert\((activityEntries|orderLogs|locationEvents)\)/, 'an insert into an after-effect table'],
  [/INSERT INTO (activity_entries|order_logs|location_events)/i, 'an insert into an after-effect table in SQL'],
  [/from '\.\.\/\.\.\/platform\/(liveEvents|outbox)'/, 'the live events or the webhook outbox (they are recordEffects\' own)'],
  [/enqueueJob\([^)]*(WIDGET_LETTER_JOB|WIDGET_HELD_LETTER_JOB|WIDGET_CANCEL_LETTER_JOB|BILL_LETTER_JOB|CERTIFICATE_LETTER_JOB)/, 'a customer letter as a job (a message of recordEffects)'],
];

/** The webhook module itself sends a delivery again (its resend) and reads the outbox's job name. */
const OWN = new Set(['server/modules/webhooks/service.ts', 'server/modules/webhooks/delivery.ts']);

describe('after-effects in one place', () => {
  it('no service of server/modules writes one by hand', () => {
    const found: string[] = [];
    for (const f of files('server/modules')) {
      const text = fs.readFileSync(path.join(root, f), 'utf8');
      for (const [re, what] of BY_HAND) {
        if (OWN.has(f) && what.startsWith('the live events or the webhook outbox')) continue;
        if (re.test(text)) found.push(`${f}: ${what}`);
      }
    }
    expect(found, 'write it with recordEffects(tx, { activity, orderLog, live, webhooks, messages })').toEqual([]);
  });

  it('finds what it looks for (a check that finds nothing would pass everything)', () => {
    expect(BY_HAND.filter(([re]) => re.test("await tx.insert(orderLogs).values({})\nimport { x } from '../../platform/outbox'")).length).toBe(2);
  });
});

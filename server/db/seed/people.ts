// #47 The demo's personal data requests at location 1: one overdue (an access request received three
// weeks ago), one open (a withdrawal received today) and one done (an access request answered with
// an export), so the requests' list, its filters and the generated list tests have rows of each state.
import { sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { dataRequestDueOn } from '../../../domain/guestData';

export async function seedPeople(tx: Tx, adminId: number): Promise<void> {
  const [loc] = (await tx.execute<{ today: string }>(sql`SELECT (now() AT TIME ZONE timezone)::date::text AS today FROM locations WHERE id = 1`)).rows;
  if (!loc) return;
  const daysAgo = (n: number) => new Date(Date.parse(`${loc.today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
  const rows = [
    { kind: 'access' as const, phone: '+79160000101', email: '', received: daysAgo(21), done: false },
    { kind: 'withdrawal' as const, phone: '', email: 'forget.me@example.com', received: loc.today, done: false },
    { kind: 'access' as const, phone: '+79160000102', email: '', received: daysAgo(8), done: true },
  ];
  for (const r of rows) {
    await tx.execute(sql`INSERT INTO data_requests (location_id, kind, phone, email, received_on, due_on, status, closed_how, closed_at, closed_by, created_by)
      VALUES (1, ${r.kind}, ${r.phone}, ${r.email}, ${r.received}, ${dataRequestDueOn(r.kind, r.received)}, ${r.done ? 'done' : 'open'},
        ${r.done ? 'exported' : null}, ${r.done ? sql`now()` : null}, ${r.done ? adminId : null}, ${adminId})`);
  }
}

// #39 The order search on the benchmark chain (1,000,000 orders over 20 locations): how long
// searchOrders takes for a caller of one location and for one of all 20, by a whole phone, a part of
// one and a name, and the plan PostgreSQL chooses for the scan that reads the page and its count.
// Usage: node --import tsx bench/search.ts [--orders 1000000]
import os from 'node:os';
import { eq } from 'drizzle-orm';
import { users } from '../server/db/schema';
import { searchOrders } from '../server/modules/orders/queries';
import { businessDateOf } from '../domain/businessDay';
import { nameSearchPattern, phoneMatch } from '../domain/orderSearch';
import { wallClockNow } from '../server/platform/clock';
import { generateChain } from './lib/chain';
import { arg } from './lib/measure';
import { startBenchDatabase } from './lib/postgres';

const ORDERS = arg('orders', 1_000_000);
const database = await startBenchDatabase('search');
try {
  const chain = await generateChain(database, { orders: ORDERS, today: businessDateOf(wallClockNow('Europe/Moscow')) });
  console.log(`chain: ${chain.orders} orders in ${chain.seconds.toFixed(1)} s`);
  const [admin] = await database.db.select().from(users).where(eq(users.email, 'admin@example.com'));
  // A cashier of one chain location (the demo's staff user has none of the chain's).
  const [staff] = await database.db.select().from(users).where(eq(users.email, 'staff@example.com'));
  await database.pool.query('INSERT INTO user_location_roles (user_id, location_id, role_id) VALUES ($1, $2, 10) ON CONFLICT DO NOTHING', [staff!.id, chain.locationIds[0]]);
  const { rows: [{ id: someId }] } = await database.pool.query('SELECT max(id) AS id FROM orders WHERE location_id = $1', [chain.locationIds[0]]);
  const { rows: [{ phone }] } = await database.pool.query('SELECT phone FROM orders WHERE id = $1', [someId]);
  const whole = `8 (${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8, 10)}-${phone.slice(10)}`;
  const cases: [string, { phone?: string; name?: string }][] = [
    [`whole phone "${whole}"`, { phone: whole }], ['part of a phone "45-67"', { phone: '45-67' }],
    ['name "фёдор" (no match)', { name: 'фёдор' }], ['name "иван" (1 in 8)', { name: 'иван' }],
  ];
  for (const [who, user] of [['one location', staff!], ['20 locations', admin!]] as const) {
    for (const [what, query] of cases) {
      await searchOrders(database.db, user.id, query, 10, 0); // warm
      const times: number[] = [];
      let count = 0;
      for (let i = 0; i < 5; i++) {
        const t0 = performance.now();
        count = (await searchOrders(database.db, user.id, query, 10, 0)).count;
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      console.log(`${who}, ${what}: ${count} found, median ${times[2]!.toFixed(0)} ms (min ${times[0]!.toFixed(0)}, max ${times[4]!.toFixed(0)})`);
    }
  }
  // The plan of the one scan (page and count) as queries.ts builds it, for the caller of 20 locations and of one.
  const mine = async (userId: number) => (await database.pool.query('SELECT array_agg(location_id) AS ids FROM user_location_roles WHERE user_id = $1', [userId])).rows[0].ids as number[];
  const explain = async (label: string, where: string, values: unknown[], ids: number[]) => {
    const { rows } = await database.pool.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) SELECT id, count(*) OVER () FROM orders
      WHERE ${where} AND location_id = ANY($${values.length + 1}::int[]) ORDER BY created_at DESC, id DESC LIMIT 10`, [...values, ids]);
    console.log(`\n${label}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
  };
  for (const [who, user] of [['20 locations', admin!], ['one location', staff!]] as const) {
    const ids = await mine(user.id);
    await explain(`plan: whole phone, ${who}`, 'right(phone, 10) = $1', [(phoneMatch(whole) as { whole: string }).whole], ids);
    await explain(`plan: name "иван", ${who}`, 'name ~ $1', [nameSearchPattern('иван')], ids);
  }
  const { rows: [{ datctype }] } = await database.pool.query('SELECT datctype FROM pg_database WHERE datname = current_database()');
  console.log(`\nctype ${datctype}; ${os.cpus().length} CPUs`);
} finally {
  await database.stop();
}

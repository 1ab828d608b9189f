// #49 A big venue's day view: one location of the chain grown to 30, then 60 playgrounds, each new one
// a copy of one of its ten (type, group and so schedule, places) with that playground's sessions and
// orders of the day copied too, so the day is as full as the ten's. The suite then times the day view
// through the API and in Chromium at each size, next to the ten-playground figures of the same run.
import type { BenchDatabase } from './postgres';

/** Columns of a table but the ones given (the copy sets those itself). */
async function columnsBut(database: BenchDatabase, table: string, but: string[]): Promise<string> {
  const { rows } = await database.pool.query<{ c: string }>(
    'SELECT column_name AS c FROM information_schema.columns WHERE table_name = $1 AND table_schema = current_schema() ORDER BY ordinal_position', [table]);
  return rows.map((r) => r.c).filter((c) => !but.includes(c)).map((c) => `"${c}"`).join(', ');
}

/**
 * Grows location `locationId` to `count` playgrounds by copying its first ones (`sources`, in turn)
 * with their sessions and orders of business day `date`; answers every playground id, in order.
 */
export async function growVenue(database: BenchDatabase, locationId: number, sources: number[], date: string, count: number): Promise<number[]> {
  const q = async <T>(text: string, params: unknown[] = []) => (await database.pool.query(text, params)).rows as T[];
  const have = (await q<{ id: number }>('SELECT id FROM playgrounds WHERE location_id = $1 AND is_active ORDER BY id', [locationId])).map((r) => Number(r.id));
  const pgCols = await columnsBut(database, 'playgrounds', ['id', 'name', 'uuid_token']);
  const psCols = await columnsBut(database, 'playsessions', ['id', 'playground_id']);
  const orderCols = await columnsBut(database, 'orders', ['id']);
  for (let n = have.length; n < count; n++) {
    const source = sources[n % sources.length]!;
    const [made] = await q<{ id: number }>(`INSERT INTO playgrounds (${pgCols}, name) SELECT ${pgCols}, name || ' ' || $2 FROM playgrounds WHERE id = $1 RETURNING id`, [source, n + 1]);
    const id = Number(made!.id);
    const sessions = await q<{ id: number }>('SELECT id FROM playsessions WHERE playground_id = $1 AND business_date = $2::date', [source, date]);
    for (const s of sessions) {
      const [copy] = await q<{ id: number }>(`INSERT INTO playsessions (${psCols}, playground_id) SELECT ${psCols}, $2 FROM playsessions WHERE id = $1 RETURNING id`, [s.id, id]);
      // Its orders, each copied and tied to the copied session (a day view reads them through order_playsessions).
      await q(`WITH src AS (SELECT o.* FROM orders o JOIN order_playsessions op ON op.order_id = o.id WHERE op.playsession_id = $1),
          made AS (INSERT INTO orders (${orderCols}) SELECT ${orderCols} FROM src RETURNING id)
        INSERT INTO order_playsessions (order_id, playsession_id) SELECT id, $2 FROM made`, [s.id, copy!.id]);
    }
    have.push(id);
  }
  return have;
}

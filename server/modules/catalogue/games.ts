// Games (#28 CATALOGUE). The catalogue is installation-wide, like the owner: only an owner adds or
// changes a game (its name and ratings show at every location that offers it, so no one location's
// administrator rewrites them for the others, and nothing one location does adds rows all see).
// Which games a location offers, and on which of its playgrounds, is its administrators' choice.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { games, locationGames, playgrounds } from '../../db/schema';
import type { AuthUser } from '../../platform/auth';
import { recordEffects } from '../../platform/effects';
import { activityChange } from '../../platform/activity';
import { fieldError, notFound, permissionDenied } from '../../platform/errors';
import { requireRoleAt } from '../locations/service';

export interface GameInput { name: string; genre: string; info: { country: string; age: number }[] }

const gameJson = (g: typeof games.$inferSelect) => ({ id: g.id, name: g.name, genre: g.genre, info: g.info });
/** What its activity entry keeps (#41): the fields, not the row's id. */
const gameFields = (g: typeof games.$inferSelect) => ({ name: g.name, genre: g.genre, info: g.info });

/** GET /games/: the whole catalogue, for choosing what a location offers. */
export async function listGames(db: Db) {
  return (await db.select().from(games).orderBy(asc(games.name), asc(games.id))).map(gameJson);
}

export async function createGame(db: Db, user: AuthUser, input: GameInput) {
  if (!user.isOwner) throw permissionDenied('only_owner_edits_games');
  const row = await db.transaction(async (tx) => {
    const [created] = await tx.insert(games).values(input).returning();
    // The catalogue is the installation's: an entry for owners (location null).
    await recordEffects(tx, { activity: activityChange(null, 'game.created', created!.name, null, gameFields(created!)) });
    return created;
  });
  return gameJson(row!);
}

export async function updateGame(db: Db, user: AuthUser, id: number, input: GameInput) {
  const [existing] = await db.select().from(games).where(eq(games.id, id));
  if (!existing) throw notFound();
  if (!user.isOwner) throw permissionDenied('only_owner_edits_games');
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx.update(games).set(input).where(eq(games.id, id)).returning();
    await recordEffects(tx, { activity: activityChange(null, 'game.updated', updated!.name, gameFields(existing), gameFields(updated!)) });
    return updated;
  });
  return gameJson(row!);
}

export interface OfferedGame { game: number; playgrounds: number[] | null }

/** What the activity log keeps (#42: by name, never ids): each game on its playgrounds (null: on all), as `games`. */
async function offerSnapshot(tx: DbOrTx, locationId: number, rows: { gameId: number; playgroundIds: number[] | null }[]) {
  const names = new Map((await tx.select({ id: games.id, name: games.name }).from(games).where(inArray(games.id, rows.length ? rows.map((r) => r.gameId) : [0]))).map((g) => [g.id, g.name]));
  const places = new Map((await tx.select({ id: playgrounds.id, name: playgrounds.name }).from(playgrounds).where(eq(playgrounds.locationId, locationId))).map((p) => [p.id, p.name]));
  const offers = rows.map((r) => ({ game: names.get(r.gameId) ?? '', playgrounds: r.playgroundIds && r.playgroundIds.map((id) => places.get(id) ?? '') }));
  return { games: offers.sort((a, b) => a.game.localeCompare(b.game)) };
}

/** PUT /locations/{id}/games/: the games the location offers, each on some of its playgrounds or all (null). */
export async function setLocationGames(db: Db, userId: number, locationId: number, offered: OfferedGame[]) {
  await requireRoleAt(db, userId, locationId);
  const gameIds = [...new Set(offered.map((o) => o.game))];
  if (gameIds.length !== offered.length) throw fieldError('games', 'invalid_choice');
  const known = gameIds.length ? await db.select({ id: games.id }).from(games).where(inArray(games.id, gameIds)) : [];
  if (known.length !== gameIds.length) throw fieldError('games', 'invalid_choice');
  const pgIds = [...new Set(offered.flatMap((o) => o.playgrounds ?? []))];
  const own = pgIds.length ? await db.select({ id: playgrounds.id }).from(playgrounds)
    .where(and(eq(playgrounds.locationId, locationId), inArray(playgrounds.id, pgIds))) : [];
  if (own.length !== pgIds.length) throw fieldError('games', 'invalid_choice');
  await db.transaction(async (tx) => {
    const before = await tx.select({ gameId: locationGames.gameId, playgroundIds: locationGames.playgroundIds }).from(locationGames)
      .where(eq(locationGames.locationId, locationId)).orderBy(locationGames.gameId);
    await tx.delete(locationGames).where(eq(locationGames.locationId, locationId));
    const rows = offered.map((o) => ({ locationId, gameId: o.game, playgroundIds: o.playgrounds ? [...new Set(o.playgrounds)].sort((a, b) => a - b) : null }));
    if (rows.length) await tx.insert(locationGames).values(rows);
    await recordEffects(tx, { activity: { locationId, kind: 'games.updated', subject: '', before: await offerSnapshot(tx, locationId, before), after: await offerSnapshot(tx, locationId, rows) } });
  });
}

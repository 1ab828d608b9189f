// Who changed what (#28). A change of setup, staff, rights, prices, tools or money writes one
// activity entry in its own transaction: `recordActivity(tx, {...})` beside the change, so the entry
// exists exactly when the change does. Who and from which address come from the request the change
// runs in (an AsyncLocalStorage filled before every handler), so no service passes them around; a
// change made outside a request (the `npm run owner` command) passes its actor.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../db/client';
import { activityEntries } from '../db/schema';
import type { ActivityKind } from '../../domain/activity';

export interface Actor {
  userId: number | null;
  ip: string | null;
}

const actors = new AsyncLocalStorage<Actor>();

export function installActivityActor(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    actors.run({ userId: request.authUser?.id ?? null, ip: request.ip ?? null }, done);
  });
}

export interface ActivityEntry {
  /** null: installation-wide (locations, owners, deactivations), read only by owners. */
  locationId: number | null;
  kind: ActivityKind;
  /** What was changed, as people name it: a playground's name, a person's e-mail, an order's number. */
  subject: string;
  /** The changed fields as they were and as they are (omit either for a creation or a removal); never a secret's value. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Writes the entry with the transaction of the change it describes. */
export async function recordActivity(tx: DbOrTx, entry: ActivityEntry, actor: Actor | undefined = actors.getStore()): Promise<void> {
  await tx.insert(activityEntries).values({
    userId: actor?.userId ?? null, ip: actor?.ip ?? null, locationId: entry.locationId, kind: entry.kind, subject: entry.subject,
    before: entry.before ?? null, after: entry.after ?? null,
  });
}

// The desk's writes (#30): named actions of the `desk` declaration (src/resources/desk), called
// through the one data layer like every other screen's writes.
import { dataProvider } from '.';

export async function deskAction<T>(action: string, params: { id?: number; data?: unknown; idempotencyKey?: string; query?: Record<string, string> } = {}): Promise<T> {
  const meta = params.idempotencyKey ? { idempotencyKey: params.idempotencyKey } : undefined;
  return (await dataProvider.action<T>('desk', { action, id: params.id, data: params.data, query: params.query, meta })).data;
}

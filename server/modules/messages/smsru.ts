// #45 SMS.ru's documented HTTP API over fetch (base URL: SMSRU_API_URL): sms/send, sms/status,
// my/senders, my/balance, each with `api_id` and `json=1`. Every answer is JSON with `status` OK or
// ERROR and a numeric `status_code` (100: done); a message's own status codes are 100-103 (queued,
// passed to the operator, sent, delivered), 104-108 and 150 (not delivered, final), -1 (not found).
// SMS.ru takes no idempotency key: the sender marks a message `sending` before calling sms/send.

/** A refusal with SMS.ru's own code and text (a wrong key, no money, a blocked number...). */
export class SmsRuError extends Error {
  constructor(readonly code: number, text: string, readonly ambiguous = false) {
    super(text);
  }
}

interface Call { apiUrl: string; apiKey: string }

const TIMEOUT_MS = 15_000;

async function call(c: Call, method: string, params: Record<string, string>): Promise<Record<string, any>> {
  const body = new URLSearchParams({ api_id: c.apiKey, json: '1', ...params });
  let res: Response;
  try {
    res = await fetch(`${c.apiUrl}/${method}`, { method: 'POST', body, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    // No connection at all: nothing was sent. A timeout after the request left may have sent it.
    const c = (err as { cause?: { code?: string; errors?: { code?: string }[] } }).cause;
    const cause = c?.code ?? c?.errors?.[0]?.code;
    const unsent = cause === 'ECONNREFUSED' || cause === 'ENOTFOUND' || cause === 'EAI_AGAIN';
    throw new SmsRuError(0, `SMS.ru unreachable: ${cause ?? (err as Error).name}`, !unsent);
  }
  const text = await res.text();
  let json: Record<string, any>;
  try {
    json = JSON.parse(text) as Record<string, any>;
  } catch {
    throw new SmsRuError(0, `SMS.ru answered HTTP ${res.status} without JSON`, res.status >= 500);
  }
  if (json.status !== 'OK') throw new SmsRuError(Number(json.status_code) || 0, String(json.status_text ?? `status ${json.status_code}`));
  return json;
}

/** SMS.ru takes at most this many numbers in one sms/send. */
export const SMSRU_NUMBERS_PER_CALL = 100;

/** One number's answer within a send: its id, or its own refusal. */
export type SmsOutcome = { smsId: string } | { code: number; text: string };

/**
 * Sends several SMS in one call, each its own text to its own number (`to[number]=text`, SMS.ru's
 * form for different texts; at most 100 numbers, each once). Answers each number's outcome by its
 * digits. A refusal of the whole call (a wrong key, an unregistered sender) or no answer throws.
 */
export async function sendSmsMany(c: Call, from: string, list: { to: string; text: string }[]): Promise<Map<string, SmsOutcome>> {
  const params: Record<string, string> = from ? { from } : {};
  const numbers = list.map((m) => m.to.replace(/\D/g, ''));
  if (new Set(numbers).size !== numbers.length || numbers.length > SMSRU_NUMBERS_PER_CALL) throw new Error('sendSmsMany: each number once, at most 100');
  list.forEach((m, i) => { params[`to[${numbers[i]}]`] = m.text; });
  const json = await call(c, 'sms/send', params);
  const out = new Map<string, SmsOutcome>();
  for (const to of numbers) {
    const one = (json.sms ?? {})[to] as { status?: string; status_code?: number; status_text?: string; sms_id?: string } | undefined;
    out.set(to, one && one.status === 'OK' && one.sms_id ? { smsId: one.sms_id } : { code: Number(one?.status_code) || 0, text: String(one?.status_text ?? 'no sms_id in the answer') });
  }
  return out;
}

/** Sends one SMS; answers SMS.ru's id of it. A refusal for this number (its own status ERROR) throws. */
export async function sendSms(c: Call, o: { to: string; text: string; from: string }): Promise<string> {
  const [one] = (await sendSmsMany(c, o.from, [o])).values();
  if (!one || !('smsId' in one)) throw new SmsRuError(one?.code ?? 0, one?.text ?? 'no sms_id in the answer');
  return one.smsId;
}

export type SmsDelivery = 'in_flight' | 'delivered' | 'undelivered' | 'not_found';

/** A sent SMS's status code as the sender keeps it. */
export function deliveryOf(code: number): SmsDelivery {
  if (code === 103 || code === 110) return 'delivered';
  if (code >= 100 && code <= 102) return 'in_flight';
  if (code === -1) return 'not_found';
  return 'undelivered';
}

/** The statuses of sent SMS by their ids (several at once, comma-separated): id -> code and text. */
export async function smsStatuses(c: Call, ids: string[]): Promise<Map<string, { code: number; text: string }>> {
  const json = await call(c, 'sms/status', { sms_id: ids.join(',') });
  const out = new Map<string, { code: number; text: string }>();
  for (const [id, s] of Object.entries((json.sms ?? {}) as Record<string, { status_code?: number; status_text?: string }>)) {
    out.set(id, { code: Number(s.status_code ?? -1), text: String(s.status_text ?? '') });
  }
  return out;
}

/** The account's registered senders (operators block others). */
export async function smsSenders(c: Call): Promise<string[]> {
  const json = await call(c, 'my/senders', {});
  return Array.isArray(json.senders) ? json.senders.map(String) : [];
}

/** The account's balance in roubles, as SMS.ru answers it. */
export async function smsBalance(c: Call): Promise<string> {
  const json = await call(c, 'my/balance', {});
  return String(json.balance ?? '');
}

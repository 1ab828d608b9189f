// The one HTTP client of the app: adds `Authorization: Token` and `Accept-Language`, and turns
// DRF error bodies into react-admin HttpErrors whose body carries the field messages
// (`body.errors`) that forms show under their inputs, and the reasons every screen shows (./refusal.ts).
import { noteAnswer } from './databaseStatus';
import { HttpError } from 'react-admin';
import { fieldMessages } from '../../domain/errors';
import { refusalReasons } from './refusal';
import { session } from '../authProvider/session';
import { i18nProvider, storedLocale } from '../i18n';
import { LIVE_POSITION_HEADER, noteReadPosition } from '../live/readPositions';

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  form?: FormData;
  /** Send without the token even when one is stored (login, password reset). */
  anonymous?: boolean;
  /** An Idempotency-Key for a money write: a retry with the same key is answered, not written twice. */
  idempotencyKey?: string;
}

/** A fresh Idempotency-Key (random, 128 bits). getRandomValues works on plain http too, unlike randomUUID. */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * An API failure: status, the raw DRF body, and what the screens show (#39): `reasons`, every message
 * of the body in the screen's words (or "try again later" for no answer and a 5xx); `message` is
 * them in one line, for the alerts and the generic handler.
 */
export class ApiError extends HttpError {
  readonly reasons: readonly string[];
  constructor(message: string | null, status: number, readonly drfBody: unknown) {
    const reasons = message !== null ? [message] : refusalReasons(status, drfBody, (key, options) => i18nProvider.translate(key, options));
    super(reasons.join(' '), status, { errors: fieldMessages(drfBody), drf: drfBody });
    this.reasons = reasons;
    // react-admin's HttpError resets the prototype to its own; restore ours so instanceof works.
    Object.setPrototypeOf(this, ApiError.prototype);
  }
}

export function buildUrl(path: string, query?: ApiRequest['query']): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * The session is over: a call that needs the token is not sent without one. After a logout the
 * browser's Back button brings back screens whose queries would each be answered 401; sending them
 * made react-admin log out again and clear the cache, which refetched them (45-90 requests a
 * second, issue #18). Refused here, they fail at once with the same 401 and never reach the server.
 */
function sessionEnded(): ApiError {
  return new ApiError(i18nProvider.translate('app.alerts.sessionEnded'), 401, null);
}

/** A 401 to a call sent with a token: the token is no longer valid, the session ends here, once. */
function endSession(sentToken: string) {
  // A newer token (signed in again meanwhile) is kept.
  if (session.token() === sentToken) session.ended();
}

export async function api<T = unknown>(path: string, req: ApiRequest = {}): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    // The chosen language as stored, not the provider's current one: a switch to English stores it
    // at once but the provider has it only when the English messages have loaded (i18n/index.ts),
    // and a list refetched in between must already come in English.
    'Accept-Language': storedLocale(),
  };
  const token = session.token();
  if (!req.anonymous && !token) throw sessionEnded();
  if (token && !req.anonymous) headers.Authorization = `Token ${token}`;
  if (req.idempotencyKey) headers['Idempotency-Key'] = req.idempotencyKey;
  let body: BodyInit | undefined;
  if (req.form) body = req.form;
  else if (req.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(req.body);
  }
  let response: Response;
  try {
    response = await fetch(buildUrl(path, req.query), { method: req.method ?? 'GET', headers, body });
  } catch {
    throw new ApiError(null, 0, null);
  }
  // Where the live event log stood when this was read: the stream starts from there (src/live).
  noteReadPosition(response.headers.get(LIVE_POSITION_HEADER));
  // #48 A 503 with Retry-After: the database is unreachable; any other answer: it is back.
  noteAnswer(response.status, response.headers.get('Retry-After'));
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: keep the text body (the generic handler shows it).
  }
  if (!response.ok) {
    if (response.status === 401 && token && !req.anonymous) endSession(token);
    throw new ApiError(null, response.status, parsed);
  }
  return parsed as T;
}

/** Downloads a file answer (CSV) with the same headers as `api`; the name comes from Content-Disposition. */
export async function apiFile(path: string, query?: ApiRequest['query']): Promise<{ blob: Blob; fileName: string | null }> {
  const headers: Record<string, string> = { 'Accept-Language': storedLocale() };
  const token = session.token();
  if (!token) throw sessionEnded();
  headers.Authorization = `Token ${token}`;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), { headers });
  } catch {
    throw new ApiError(null, 0, null);
  }
  noteAnswer(response.status, response.headers.get('Retry-After'));
  if (!response.ok) {
    if (response.status === 401) endSession(token);
    const text = await response.text();
    let parsed: unknown = text;
    try { parsed = text ? JSON.parse(text) : null; } catch { /* text body */ }
    throw new ApiError(null, response.status, parsed);
  }
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const star = disposition.match(/filename\*=(?:UTF-8'')?([^;]+)/i)?.[1];
  const plain = disposition.match(/filename="?([^";]+)"?/i)?.[1];
  const fileName = star ? decodeURIComponent(star.replace(/"/g, '')) : plain ?? null;
  return { blob: await response.blob(), fileName };
}

/** Saves a blob as a file in the browser. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

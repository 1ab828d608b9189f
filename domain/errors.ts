// The specs' generic error handler: the first message of the first array field of the error
// body, else the text body, else "Unknown error".
export function firstErrorMessage(body: unknown, unknownText = 'Unknown error'): string {
  if (typeof body === 'string') return body.trim() || unknownText;
  if (body && typeof body === 'object') {
    for (const value of Object.values(body as Record<string, unknown>)) {
      if (Array.isArray(value) && value.length > 0) {
        const found = firstString(value);
        if (found) return found;
      }
    }
    const detail = (body as Record<string, unknown>).detail;
    if (typeof detail === 'string' && detail) return detail;
  }
  return unknownText;
}

/** The first message in a DRF error list, looking into nested entries ({} marks a valid one). */
function firstString(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    for (const v of value) {
      const found = firstString(v);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) {
      const found = firstString(v);
      if (found) return found;
    }
  }
  return null;
}

/** Field messages of a DRF 400 body: {field: "first message"} (nested objects flattened). */
export function fieldMessages(body: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!body || typeof body !== 'object') return out;
  for (const [field, value] of Object.entries(body as Record<string, unknown>)) {
    if (Array.isArray(value) && typeof value[0] === 'string') out[field] = value[0];
  }
  return out;
}

/** #39 One message of a refusal and the field it is under (`non_field_errors` and `detail` for the whole). */
export interface FieldMessage { field: string; message: string }

/**
 * Every message of a DRF error body, in reading order: the whole request's (`non_field_errors`,
 * `detail`) first, then each field's in the body's order, nested lists flattened; each message once.
 */
export function allErrorMessages(body: unknown): FieldMessage[] {
  if (typeof body === 'string') return body.trim() ? [{ field: 'detail', message: body.trim() }] : [];
  if (!body || typeof body !== 'object' || Array.isArray(body)) return [];
  const out: FieldMessage[] = [];
  const collect = (field: string, value: unknown) => {
    if (typeof value === 'string') { if (value) out.push({ field, message: value }); }
    else if (Array.isArray(value)) value.forEach((v) => collect(field, v));
    else if (value && typeof value === 'object') Object.values(value).forEach((v) => collect(field, v));
  };
  const entries = Object.entries(body as Record<string, unknown>);
  for (const [field, value] of entries) if (field === 'non_field_errors' || field === 'detail') collect(field, value);
  for (const [field, value] of entries) if (field !== 'non_field_errors' && field !== 'detail') collect(field, value);
  const seen = new Set<string>();
  return out.filter((m) => !seen.has(m.message) && seen.add(m.message));
}

/** #39 No answer (status 0) or the server's own failure: the only refusals that read "try again later". */
export const isRetryLater = (status: number) => status === 0 || status >= 500;

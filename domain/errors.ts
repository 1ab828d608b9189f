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

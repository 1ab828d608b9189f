// The specs' generic error handler: the first message of the first array field of the error
// body, else the text body, else "Unknown error".
export function firstErrorMessage(body: unknown, unknownText = 'Unknown error'): string {
  if (typeof body === 'string') return body.trim() || unknownText;
  if (body && typeof body === 'object') {
    for (const value of Object.values(body as Record<string, unknown>)) {
      if (Array.isArray(value) && value.length > 0) {
        const first = value[0];
        if (typeof first === 'string') return first;
        if (first && typeof first === 'object') return firstErrorMessage(first, unknownText);
      }
    }
    const detail = (body as Record<string, unknown>).detail;
    if (typeof detail === 'string' && detail) return detail;
  }
  return unknownText;
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

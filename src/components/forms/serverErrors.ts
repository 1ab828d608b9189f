// A failed save split for the form: DRF messages of the form's own fields go under their inputs
// (react-admin's Form takes them as submission errors); anything else is one text for the dialog.
import { HttpError } from 'react-admin';
import type { FieldDeclaration } from '../../resources/declaration';

export interface SplitErrors {
  fields?: Record<string, string>;
  /** Non-field errors (`non_field_errors`, fields the form does not show) or the error's message. */
  other?: string;
}

export function splitErrors(error: unknown, fields: FieldDeclaration[], unknownError: string): SplitErrors {
  const body = error instanceof HttpError ? (error.body as { errors?: Record<string, string> } | undefined) : undefined;
  const messages = body?.errors ?? {};
  const own = new Set(fields.filter((f) => !f.readOnly).map((f) => f.source));
  const fieldErrors: Record<string, string> = {};
  const other: string[] = [];
  for (const [name, message] of Object.entries(messages)) {
    if (own.has(name)) fieldErrors[name] = message;
    else other.push(message);
  }
  const hasFields = Object.keys(fieldErrors).length > 0;
  if (!hasFields && other.length === 0) other.push(error instanceof Error && error.message ? error.message : unknownError);
  return { fields: hasFields ? fieldErrors : undefined, other: other.length ? other.join(' ') : undefined };
}

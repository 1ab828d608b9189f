// #30: every write of the screens (src/pages) and of the live desk (src/live) goes through the
// data layer's declarations (dataProvider's create/update/delete or a named action), never a
// direct `api()` call with a method, so errors, retries and Idempotency-Keys are handled in one
// place. The exceptions are named with their reason (docs/decisions.md, "#30 the data layer").
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.join(import.meta.dirname, '../..');

/** Files whose direct calls stay, and why. */
const ALLOWED: Record<string, string> = {
  'src/pages/LoginPage.tsx': 'signed out: the password reset request has no session for the data layer',
  'src/pages/PasswordResetPage.tsx': 'signed out: the reset link sets a password before any session',
  'src/pages/SetupPage.tsx': 'signed out: the first owner is made before any session',
  'src/pages/InvitationPage.tsx': 'signed out: the invitation makes the session',
  'src/live/connection.ts': 'the live stream\'s own ticket: it opens the stream, it changes nothing',
};

function files(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return files(rel);
    return /\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

/** The direct `api(...)` calls of a file that send a method (a write, or a POST that reads). */
function directWrites(file: string): string[] {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/\bapi(?:<[^>(]*>)?\(/g)) {
    // The call's own arguments: up to the line's end or 300 characters, enough for its options.
    const call = text.slice(m.index, m.index + 300);
    const method = /method:\s*'(POST|PUT|PATCH|DELETE)'/.exec(call.split(/\n\s*\n|;\n/)[0]!);
    if (method) out.push(`${method[1]} ${call.split('\n')[0]!.trim()}`);
  }
  return out;
}

describe('the desk on the data layer (#30)', () => {
  it('leaves no direct write in the screens and the live desk but the named exceptions', () => {
    const found = [...files('src/pages'), ...files('src/live')]
      .filter((f) => !ALLOWED[f])
      .flatMap((f) => directWrites(f).map((w) => `${f}: ${w}`));
    expect(found).toEqual([]);
    // Each exception still makes such a call: one that no longer does leaves the list.
    for (const f of Object.keys(ALLOWED)) expect(directWrites(f), f).not.toEqual([]);
  });
});

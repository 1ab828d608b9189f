// Every date and time input is the app's own (DD.MM.YYYY, HH:mm: src/components/forms/DateField,
// TimeField, DateTimeInput; the widget's and the dashboards' text fields): a native one follows the
// browser's locale and showed 11/23/2026, 02:00 PM in an en-US browser (#18). The e2e walk checks the
// screens; this catches one in a dialog or a branch the walk does not open.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.(ts|tsx|html)$/.test(e.name) ? [p] : [];
  });
}

describe('no native date or time input', () => {
  it('src/ and server/ declare none, nor react-admin\'s native date inputs', () => {
    const found: string[] = [];
    for (const file of [...sources(path.join(ROOT, 'src')), ...sources(path.join(ROOT, 'server'))]) {
      // Comments may name the native inputs (to say why not); the code may not.
      const text = fs.readFileSync(file, 'utf8').replace(/^\s*\/\/.*$/gm, '').replace(/\/\*[\s\S]*?\*\//g, '');
      const native = /type\s*[=:]\s*["'`]?(date|datetime-local|time|month|week)["'`\s>]/.exec(text);
      if (native) found.push(`${path.relative(ROOT, file)}: type=${native[1]}`);
      if (/import\s*\{[^}]*\b(DateTimeInput|TimeInput)\b[^}]*\}\s*from\s*'react-admin'/.test(text)) found.push(`${path.relative(ROOT, file)}: react-admin's native input`);
      if (/import\s*\{[^}]*\bDateInput\b[^}]*\}\s*from\s*'react-admin'/.test(text)) found.push(`${path.relative(ROOT, file)}: react-admin's DateInput`);
    }
    expect(found).toEqual([]);
  });
});

// docs/spec-coverage.md stays true: every file a row names exists, and every test it quotes
// (file › "name") is in that file. A refactor that moves code or renames a test fails here until
// the row is updated.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const doc = fs.readFileSync(path.join(root, 'docs/spec-coverage.md'), 'utf8');
const rows = doc.split('\n').filter((line) => line.startsWith('| ') && !/^\|\s*-/.test(line) && line.includes(' | '));

/** Paths of this repository a text names: src/, server/, domain/, tests/, bench/ or docs/ files with an extension. */
function filesNamed(text: string): string[] {
  return [...text.matchAll(/\b((?:src|server|domain|tests|bench|docs)\/[\w./[\]-]+\.(?:tsx?|md|sql|json|html))\b/g)].map((m) => m[1]!);
}

/** Test references: a test file, then › and one or more quoted names (comma separated) up to the next file or semicolon. */
function testsNamed(text: string): { file: string; name: string }[] {
  const out: { file: string; name: string }[] = [];
  // A quote inside a name is written \" in the table.
  for (const m of text.matchAll(/(tests\/[\w./-]+\.(?:test|spec)\.ts) › ((?:"(?:[^"\\]|\\.)*"(?:, )?)+)/g)) {
    for (const name of m[2]!.matchAll(/"((?:[^"\\]|\\.)*)"/g)) out.push({ file: m[1]!, name: name[1]!.replace(/\\"/g, '"') });
  }
  return out;
}

describe('docs/spec-coverage.md', () => {
  it('has rows', () => {
    expect(rows.length).toBeGreaterThan(300);
  });

  it('names only files that exist', () => {
    const missing = new Set<string>();
    for (const row of rows) for (const file of filesNamed(row)) if (!fs.existsSync(path.join(root, file))) missing.add(file);
    expect([...missing].sort()).toEqual([]);
  });

  it('quotes only tests that exist, by their names', () => {
    const sources = new Map<string, string>();
    const missing: string[] = [];
    for (const row of rows) {
      for (const { file, name } of testsNamed(row)) {
        const full = path.join(root, file);
        if (!fs.existsSync(full)) continue; // reported by the test above
        // Names as a reader sees them: quotes escaped in the source count as quotes.
        if (!sources.has(file)) sources.set(file, fs.readFileSync(full, 'utf8').replace(/\\(['"`])/g, '$1'));
        if (!sources.get(file)!.includes(name)) missing.push(`${file} › "${name}"`);
      }
    }
    expect([...new Set(missing)].sort()).toEqual([]);
  });

  it('says in its summary how many rows are done, partial and open', () => {
    const statuses = rows.map((row) => row.trim().replace(/^\||\|$/g, '').split('|').at(-1)!.trim()).filter((s) => s !== 'status');
    const count = (word: string) => statuses.filter((s) => s.startsWith(word)).length;
    expect(doc).toContain(`**Summary: ${count('done')} done · ${count('partial')} partial · ${count('open')} open** (${statuses.length} rows)`);
  });
});

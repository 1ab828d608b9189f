// Every server message that names an amount writes it with the one formatter and its currency
// (#25: "не больше 500.00" printed a bare amount). A message's placeholder is given an amount only
// through moneyParam (server/platform/messages.ts), which formatMoney writes in the caller's
// language; this reads the server's code for a placeholder given an amount any other way.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { translate } from '../../server/platform/messages';

const root = path.join(import.meta.dirname, '../../server');
const files = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true })
  .flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));

describe('amounts in server messages', () => {
  it('are given to a message only through moneyParam', () => {
    const found: string[] = [];
    for (const file of files(root)) {
      const lines = fs.readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, i) => {
        // A message with placeholders: fieldError(field, code, {...}), translate(lang, code, {...}), a ValidationError's params.
        if (!/(?:fieldError|translate|apiError|detailError)\(.*\{[^}]*\b\w+:/.test(line)) return;
        const params = line.slice(line.indexOf('{', line.search(/(?:fieldError|translate|apiError|detailError)\(/)));
        // A placeholder given a bare amount: cents written back, a money field of a row, toFixed.
        // (Wrapped in moneyParam, formatMoney or a money() helper, it is written as money.)
        if (/:\s*(?:fromCents\(|[\w.!?]+\.(?:amount|purchase|price|cost|paid|total|rate|remaining)\b(?!\()|[\w.!?()]+\.toFixed\(2\))/.test(params)) {
          found.push(`${path.relative(root, file)}:${i + 1}: ${line.trim()}`);
        }
      });
    }
    expect(found).toEqual([]);
  });

  it('write a refund limit with its currency in both languages', () => {
    const rub = { code: 'RUB', unicode: '₽', is_before: false, blank_place: true };
    expect(translate('ru', 'refund_too_big', { max: { money: '500.00', currency: rub } })).toBe('По этой транзакции можно вернуть не больше 500,00\u00a0₽.');
    expect(translate('en', 'refund_too_big', { max: { money: '1500.00', currency: { ...rub, code: 'USD', unicode: '$', is_before: true, blank_place: false } } }))
      .toMatch(/\$1,500\.00/);
  });
});

// Russian texts write ё where the word has it, everywhere (#18: "Истёк" on the promo codes sat beside
// "Истек" on the certificates, "удалён" beside "удален"): one spelling across the screens, the
// widget, the server's messages and letters, and the demo data. The list holds the words of this
// product's texts that carry ё; a new text with one of them spelt with е fails here.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const WITHOUT_YO = [
  'отменен', 'отмененный', 'отмененному', 'отмененные', 'подтвержден', 'истек', 'изменен', 'удален', 'сохранен', 'сохраненный',
  'сохраненные', 'сохраненном', 'проведен', 'еще', 'счет', 'включен', 'включенное', 'платеж', 'платежный', 'платежная', 'прошел',
  'нее', 'ее', 'ждет', 'учетная', 'учетной', 'учетные', 'учетными', 'отчет', 'введенные', 'заменен', 'запрещен', 'обновлен',
  'завершен', 'начнется', 'придется', 'подключен', 'отключен', 'перенесен',
];
const pattern = new RegExp(`(?<![А-Яа-яЁё])(${WITHOUT_YO.join('|')})(?![А-Яа-яЁё])`, 'giu');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return name === 'node_modules' || name === 'migrations' ? [] : sources(p);
    return /\.(ts|tsx)$/.test(name) ? [p] : [];
  });
}

describe('Russian spelling', () => {
  it('writes ё in the words that have it, in every text of the app, the widget, the server and the demo data', () => {
    const found = ['src', 'domain', 'server'].flatMap((d) => sources(path.join(ROOT, d))).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(pattern)].map((m) => `${path.relative(ROOT, file)}: ${m[1]}`));
    expect(found).toEqual([]);
  });
});

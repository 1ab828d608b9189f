// #18's class "text limits on every field the server stores", the client's half for hand-written
// inputs (declared forms are walked against the server's schemas by tests/api/text-limits.test.ts):
// every text input of the client (an MUI TextField, a react-admin TextInput, the widget's inputs)
// caps or checks its length (htmlInput maxLength, a maxChars/maxLength validator, a TEXT_LIMITS value),
// unless it is a choice, a number or listed here with why. A new input without a limit fails here.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(__dirname, '../../src');
/** Inputs whose text is never stored as typed, or is bounded by a rule of its own. */
const NO_LIMIT_NEEDED: Record<string, string> = {
  'pages/booking/SearchDialog.tsx#0': 'the phone search: validationPhone covers a too-long phone (isValidPhone), as the booking form',
  'pages/LoginPage.tsx#0': 'the sign-in e-mail: not stored, validEmail',
  'pages/LoginPage.tsx#1': 'the reset e-mail: not stored, validEmail',
  'components/forms/fields.tsx#0': "a declared text field: validatorsOf adds its maxLength (declared forms: tests/api/text-limits.test.ts)",
  'components/forms/fields.tsx#1': 'the same declared text field, by its kind',
  'components/forms/fields.tsx#2': 'a declared textarea: validatorsOf adds its maxLength',
  'components/forms/fields.tsx#3': 'a declared amount: validatorsOf adds its maxLength and the decimal rule',
  // #30: the pay dialog's rules are one table (PAY_FIELDS) that the inputs and the disabled button's hint read.
  'pages/booking/PayDialog.tsx#0': 'the certificate number: certificateRules holds maxChars(TEXT_LIMITS.certificateNumber)',
  'pages/booking/PayDialog.tsx#2': 'the external id: externalIdRules holds maxChars(TEXT_LIMITS.externalId)',
};

function tsxFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return tsxFiles(full);
    return e.name.endsWith('.tsx') ? [full] : [];
  });
}

/** Each `<TextField ...>` / `<TextInput ...>` opening tag's text (to its end `>` at brace depth 0). */
function inputTags(source: string): string[] {
  const tags: string[] = [];
  const re = /<(TextField|TextInput)\b/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(source))) {
    let depth = 0;
    let i = m.index + 1;
    for (; i < source.length; i++) {
      const c = source[i];
      if (c === '{') depth++;
      else if (c === '}') depth--;
      else if (c === '>' && depth === 0 && source[i - 1] !== '=') break;
    }
    tags.push(source.slice(m.index, i + 1));
  }
  return tags;
}

/** validPhone refuses a phone over TEXT_LIMITS.phone with validationPhone (isValidPhone). */
const LIMITED = /maxLength|maxChars|TEXT_LIMITS|LIMITS\[|validPhone/;
/** Choices, files, passwords, read-only fields and numbers typed as text (checked by their own rules). */
const NOT_TEXT = /\bselect\b|type="(file|number|password)"|readOnly|inputMode(="|: ')(numeric|decimal)/;

describe('every text input of the client has a length limit (#18)', () => {
  it('caps or checks its length, or says why not', () => {
    const offenders: string[] = [];
    const seen = new Set<string>();
    for (const file of tsxFiles(SRC)) {
      const rel = path.relative(SRC, file).split(path.sep).join('/');
      const tags = inputTags(fs.readFileSync(file, 'utf8'));
      tags.forEach((tag, i) => {
        const key = `${rel}#${i}`;
        seen.add(key);
        if (NOT_TEXT.test(tag) || LIMITED.test(tag) || key in NO_LIMIT_NEEDED) return;
        offenders.push(`${key}: ${tag.replace(/\s+/g, ' ').slice(0, 140)}`);
      });
    }
    expect(offenders).toEqual([]);
    // The list names inputs that still exist (a stale entry would excuse the next input there).
    expect(Object.keys(NO_LIMIT_NEEDED).filter((k) => !seen.has(k))).toEqual([]);
  });
});

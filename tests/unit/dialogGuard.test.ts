// The class of #18's lost forms: every dialog of the client that holds a form is a GuardedDialog
// (Escape or a click outside ask before a dirty form is thrown away; Cancel closes, see
// docs/decisions.md). A bare MUI <Dialog> around inputs fails here, so a new form dialog cannot
// forget the guard; nor can a guarded dialog forget to say when its form is dirty.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(__dirname, '../../src');
/** Dialogs with an input that holds nothing to lose: a search field, a read-only link. */
const NOTHING_TO_LOSE: Record<string, string> = {
  'pages/booking/SearchDialog.tsx': 'a phone search, answered as it is typed',
  'pages/booking/PayDialog.tsx': 'the payment link dialog (read-only field); its form is guarded',
  'resources/webhooks/WebhookSecretDialog.tsx': 'a read-only secret, closed only by its button',
};

function tsxFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return tsxFiles(full);
    return e.name.endsWith('.tsx') ? [full] : [];
  });
}

/** The text of each bare `<Dialog ...> ... </Dialog>` of a file. */
function bareDialogs(source: string): string[] {
  const blocks: string[] = [];
  const re = /<Dialog[\s>]/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(source))) {
    const end = source.indexOf('</Dialog>', m.index);
    blocks.push(source.slice(m.index, end < 0 ? undefined : end));
  }
  return blocks;
}

const INPUT = /<(Form|TextField|TextInput|NumberInput|SelectInput|PasswordInput|DateInput|AutocompleteInput|BooleanInput)\b/;

describe('dialog forms ask before discarding changes', () => {
  it('no bare MUI Dialog of the client holds inputs (use GuardedDialog)', () => {
    const offenders = tsxFiles(SRC)
      .map((file) => path.relative(SRC, file).split(path.sep).join('/'))
      .filter((rel) => rel !== 'components/forms/GuardedDialog.tsx' && !(rel in NOTHING_TO_LOSE))
      .filter((rel) => bareDialogs(fs.readFileSync(path.join(SRC, rel), 'utf8')).some((block) => INPUT.test(block)));
    expect(offenders).toEqual([]);
  });

  it('the known form dialogs use the guard', () => {
    for (const rel of ['components/forms/ResourceFormDialog.tsx', 'components/forms/ActionFormDialog.tsx',
      'pages/booking/BookingFormDialog.tsx', 'pages/multibooking/MultiBookingFormDialog.tsx']) {
      expect(fs.readFileSync(path.join(SRC, rel), 'utf8'), rel).toMatch(/<GuardedDialog\b/);
    }
  });

  it('every guarded dialog says when its form is dirty (react-hook-form through ReportFormDirty, else `dirty`)', () => {
    const silent = tsxFiles(SRC)
      .map((file) => path.relative(SRC, file).split(path.sep).join('/'))
      .filter((rel) => rel !== 'components/forms/GuardedDialog.tsx')
      .filter((rel) => {
        const source = fs.readFileSync(path.join(SRC, rel), 'utf8');
        if (!/<GuardedDialog\b/.test(source)) return false;
        return !/<ReportFormDirty \/>|useReportDirty\(|<GuardedDialog\b[^>]*\bdirty=\{/.test(source);
      });
    expect(silent).toEqual([]);
  });
});

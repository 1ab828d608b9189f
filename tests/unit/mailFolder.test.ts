// #38: letters written to the mail folder (no SMTP_URL) hold sign-in links, so only the server's
// user may read them: the folder 0700 (also one that existed with looser modes), each letter 0600.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from '../../server/platform/mail';

const dirs: string[] = [];
afterEach(() => { for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true }); });

function mailerIn(mailDir: string) {
  return createMailer({ from: 'backoffice@example.com', mailDir, log: pino({ level: 'silent' }) });
}
const mode = (p: string) => fs.statSync(p).mode & 0o777;

describe('the mail folder', () => {
  it('is made 0700 with letters 0600, also when it existed with looser modes', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-modes-'));
    dirs.push(root);
    // A folder the mailer makes, and one that was there before, readable by everybody.
    const fresh = path.join(root, 'data', 'mail');
    const old = path.join(root, 'old-mail');
    fs.mkdirSync(old, { mode: 0o777 });
    fs.chmodSync(old, 0o777);
    const oldUmask = process.umask(0o000);
    try {
      for (const dir of [fresh, old]) {
        await mailerIn(dir).send({ to: 'someone@example.com', subject: 'Invitation', text: 'http://backoffice.test/invitation/abc' });
        expect(mode(dir).toString(8), dir).toBe('700');
        const letters = fs.readdirSync(dir);
        expect(letters).toHaveLength(1);
        expect(letters[0]).toMatch(/\.eml$/);
        expect(mode(path.join(dir, letters[0]!)).toString(8)).toBe('600');
      }
    } finally {
      process.umask(oldUmask);
    }
  });
});

// Outgoing mail: SMTP when SMTP_URL is set, otherwise each letter is written as an .eml file
// to DATA_DIR/mail (and a log line says where), so a developer can open it. Letters carry sign-in
// links (invitations, password resets): the folder is the server user's alone (0700, also when it
// was made before with looser modes) and each letter 0600, whatever the umask (#38).
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

const PRIVATE_DIR = 0o700;
const PRIVATE_FILE = 0o600;

export interface Letter {
  to: string;
  subject: string;
  text: string;
  /** #42 A location's letter: the display name of From (the address stays the installation's, for SPF and DMARC). */
  fromName?: string;
  /** #42 A location's letter: its e-mail, where replies go. */
  replyTo?: string;
  /** #45 The Message-ID header, chosen before sending (a customer message keeps it: what went out is known by it). */
  messageId?: string;
}

export interface Mailer {
  send(letter: Letter): Promise<void>;
}

/** The message nodemailer sends: From the installation's address, under the letter's name when it has one. */
function message(from: string, { fromName, replyTo, ...letter }: Letter) {
  // MAIL_FROM is "Name <address>" or a bare address; nodemailer encodes the name (RFC 2047) and quotes it.
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
  return { ...letter, from: fromName ? { name: fromName, address } : from, ...(replyTo ? { replyTo } : {}) };
}

export function createMailer(opts: { smtpUrl?: string; from: string; mailDir: string; log: FastifyBaseLogger }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(letter) {
        await transport.sendMail(message(opts.from, letter));
        opts.log.info({ to: letter.to, subject: letter.subject }, 'mail sent over SMTP');
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(letter) {
      const info = await transport.sendMail(message(opts.from, letter));
      await fs.mkdir(opts.mailDir, { recursive: true, mode: PRIVATE_DIR });
      // mkdir's mode is only for a folder it makes, and the umask may narrow it: set it every time.
      await fs.chmod(opts.mailDir, PRIVATE_DIR);
      const file = path.join(opts.mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}${letterSuffix(letter.to)}`);
      // Written aside and renamed into place, so a reader of the folder never sees half a letter.
      const partial = `${file}.part`;
      await fs.writeFile(partial, info.message as Buffer, { mode: PRIVATE_FILE });
      // The same for a leftover .part of a crashed write, which writeFile's mode would not change.
      await fs.chmod(partial, PRIVATE_FILE);
      await fs.rename(partial, file);
      opts.log.info({ to: letter.to, subject: letter.subject, file }, 'mail written to the mail folder');
    },
  };
}

/** The end of a letter's file name in the mail folder: its recipient, made safe for a file name. */
const letterSuffix = (to: string) => `-${to.replace(/[^a-zA-Z0-9@._-]/g, '_')}.eml`;

/**
 * #47 Removes the mail folder's letters to these addresses (an erased guest's): the folder keeps every
 * letter when there is no SMTP, so it holds their names too. Any case of the address; none there: nothing.
 */
export async function forgetLetters(mailDir: string, emails: readonly string[]): Promise<number> {
  if (!emails.length) return 0;
  const suffixes = emails.map((e) => letterSuffix(e).toLowerCase());
  const files = await fs.readdir(mailDir).catch(() => [] as string[]);
  const gone = files.filter((f) => suffixes.some((s) => f.toLowerCase().endsWith(s)));
  await Promise.all(gone.map((f) => fs.rm(path.join(mailDir, f), { force: true })));
  return gone.length;
}

// Outgoing mail: SMTP when SMTP_URL is set, otherwise each letter is written as an .eml file
// to DATA_DIR/mail (and a log line says where), so a developer can open it.
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Letter {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(letter: Letter): Promise<void>;
}

export function createMailer(opts: { smtpUrl?: string; from: string; mailDir: string; log: FastifyBaseLogger }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(letter) {
        await transport.sendMail({ from: opts.from, ...letter });
        opts.log.info({ to: letter.to, subject: letter.subject }, 'mail sent over SMTP');
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(letter) {
      const info = await transport.sendMail({ from: opts.from, ...letter });
      await fs.mkdir(opts.mailDir, { recursive: true });
      const safeTo = letter.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = path.join(opts.mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`);
      // Written aside and renamed into place, so a reader of the folder never sees half a letter.
      const partial = `${file}.part`;
      await fs.writeFile(partial, info.message as Buffer);
      await fs.rename(partial, file);
      opts.log.info({ to: letter.to, subject: letter.subject, file }, 'mail written to the mail folder');
    },
  };
}

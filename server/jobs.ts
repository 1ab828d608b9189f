// The job kinds the server knows and their handlers.
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from './deps';
import { JobWorker } from './platform/jobs';
import { pickLanguage, translate } from './platform/messages';
import { autoCancelIfUnpaid } from './modules/orders/billing';
import { cancelBooking } from './modules/orders/booking';

export function createJobWorker(deps: Deps, log: FastifyBaseLogger): JobWorker {
  return new JobWorker(deps.db, {
    'order.auto_cancel': async (p: { orderId: number; paymentId: number }) => {
      await autoCancelIfUnpaid(deps.db, p.orderId, p.paymentId, (orderId) => cancelBooking(deps.db, { userId: null }, orderId, 'auto_cancelled'));
    },
    'mail.password_reset': async (p: { to: string; name: string; link: string; minutes: number; lang: string }) => {
      const lang = pickLanguage(p.lang);
      await deps.mailer.send({
        to: p.to,
        subject: translate(lang, 'reset_mail_subject'),
        text: translate(lang, 'reset_mail_text', { name: p.name, email: p.to, link: p.link, minutes: p.minutes }),
      });
    },
  }, log);
}

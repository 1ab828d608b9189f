// #45 The local SMS.ru as a process of its own (an e2e run or a developer's server: SMSRU_API_URL=http://127.0.0.1:<SMSRU_PORT>):
// one account whose key is SMSRU_KEY (default `local-smsru-key`) with the senders `VR-Arena` and `SMS.ru`; every SMS is logged.
import { startLocalSmsRu } from './smsru';

const port = Number(process.env.SMSRU_PORT);
if (!port) throw new Error('SMSRU_PORT is needed');
const smsru = await startLocalSmsRu(port);
smsru.accounts.set(process.env.SMSRU_KEY ?? 'local-smsru-key', { senders: ['VR-Arena', 'SMS.ru'], balance: '1000.00' });
const log = smsru.sent.push.bind(smsru.sent);
smsru.sent.push = (...items) => { for (const s of items) console.log(`SMS ${s.id} to ${s.to} from ${s.from || '(default)'}: ${s.msg}`); return log(...items); };
console.log(`local SMS.ru on ${smsru.url}`);

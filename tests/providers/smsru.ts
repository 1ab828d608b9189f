// #45 A local SMS.ru for the tests: the documented subset the product uses, over real HTTP, JSON
// answers (`json=1`): POST /sms/send (api_id, from, and to + msg or to[number]=text for up to 100 numbers), /sms/status (sms_id, several
// comma-separated), /my/senders, /my/balance. A wrong api_id answers status ERROR, code 200; a sender
// the account has not registered, code 204; the next sends can be refused (`refuseNext`, e.g. 201
// no money) or cut off after the request arrived (`dropNext`: the SMS is "sent" but no answer comes,
// as on a lost connection). A test marks an SMS delivered (103) or undelivered (104). Every SMS that
// left is kept in `sent`, in order: the tests count them.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalSms { id: string; to: string; msg: string; from: string; apiKey: string; status: number; at: number }

export interface LocalSmsRu {
  /** The API base, as SMSRU_API_URL takes it. */
  url: string;
  /** Accounts it accepts: api_id -> registered senders and balance. */
  accounts: Map<string, { senders: string[]; balance: string }>;
  sent: LocalSms[];
  /** The next sends answer this refusal (code and text), one each. */
  refuseNext: { code: number; text: string }[];
  /** The next send calls are taken (their SMS leave) but the connection is cut before the answer. */
  dropNext: number;
  /** sms/send calls taken (one may carry up to 100 SMS). */
  calls: number;
  setStatus(id: string, status: number): void;
  close(): Promise<void>;
}

const STATUS_TEXT: Record<number, string> = {
  [-1]: 'Сообщение не найдено', 100: 'Сообщение находится в нашей очереди', 101: 'Сообщение передается оператору', 102: 'Сообщение отправлено (в пути)',
  103: 'Сообщение доставлено', 104: 'Не может быть доставлено: время жизни истекло', 105: 'Не может быть доставлено: удалено оператором',
};

export async function startLocalSmsRu(port = 0): Promise<LocalSmsRu> {
  let next = 1000;
  const byId = new Map<string, LocalSms>();
  const state: Omit<LocalSmsRu, 'url' | 'close'> = {
    accounts: new Map(), sent: [], refuseNext: [], dropNext: 0, calls: 0,
    setStatus: (id, status) => { const s = byId.get(id); if (s) s.status = status; },
  };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => { raw += c; });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://local');
      const p = new URLSearchParams(raw);
      for (const [k, v] of url.searchParams) if (!p.has(k)) p.set(k, v);
      const answer = (body: unknown) => { res.writeHead(200, { 'content-type': 'application/json' }); res.end(JSON.stringify(body)); };
      const account = state.accounts.get(p.get('api_id') ?? '');
      if (!account) return answer({ status: 'ERROR', status_code: 200, status_text: 'Неправильный api_id' });
      switch (url.pathname) {
        case '/sms/send': {
          // One text to a number (to, msg), or each number its own text (to[number]=text, up to 100 numbers).
          const list: [string, string][] = p.has('to')
            ? [[(p.get('to') ?? '').replace(/\D/g, ''), p.get('msg') ?? '']]
            : [...p.entries()].filter(([k]) => /^to\[\d+\]$/.test(k)).map(([k, v]) => [k.slice(3, -1), v]);
          if (!list.length || list.length > 100) return answer({ status: 'ERROR', status_code: 207, status_text: 'Нет номеров или более 100 номеров в списке получателей' });
          const from = p.get('from') ?? '';
          if (from && !account.senders.includes(from)) return answer({ status: 'ERROR', status_code: 204, status_text: 'Вы не подключили данного отправителя' });
          state.calls++;
          const out: Record<string, unknown> = {};
          for (const [to, msg] of list) {
            const refusal = state.refuseNext.shift();
            if (refusal) { out[to] = { status: 'ERROR', status_code: refusal.code, status_text: refusal.text }; continue; }
            const sms: LocalSms = { id: `000000-${next++}`, to, msg, from, apiKey: p.get('api_id')!, status: 100, at: Date.now() };
            state.sent.push(sms);
            byId.set(sms.id, sms);
            out[to] = { status: 'OK', status_code: 100, sms_id: sms.id };
          }
          if (state.dropNext > 0) { state.dropNext--; req.socket.destroy(); return; }
          return answer({ status: 'OK', status_code: 100, sms: out, balance: account.balance });
        }
        case '/sms/status': {
          const out: Record<string, unknown> = {};
          for (const id of (p.get('sms_id') ?? '').split(',').filter(Boolean)) {
            const found = byId.get(id);
            const s = found && found.apiKey === p.get('api_id') ? found : undefined;
            const code = s ? s.status : -1;
            out[id] = { status: s ? 'OK' : 'ERROR', status_code: code, status_text: STATUS_TEXT[code] ?? String(code) };
          }
          return answer({ status: 'OK', status_code: 100, sms: out, balance: account.balance });
        }
        case '/my/senders': return answer({ status: 'OK', status_code: 100, senders: account.senders });
        case '/my/balance': return answer({ status: 'OK', status_code: 100, balance: account.balance });
        default: res.writeHead(404); res.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${bound}`,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  });
}

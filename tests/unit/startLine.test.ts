// #42 The server's start line about money names every real provider (and never the sandbox as one).
import { describe, expect, it } from 'vitest';
import { PROVIDER_BRANDS, paymentsStartLine } from '../../server/modules/paymentProviders/startLine';
import { PROVIDER_NAMES } from '../../server/modules/paymentProviders/types';

describe('the start line about payments', () => {
  it.each([[true, 'demo'], [true, 'on'], [false, 'off']] as const)('sandbox %s (%s): names every provider a location may set up', (sandbox, setting) => {
    const line = paymentsStartLine(sandbox, setting);
    for (const p of PROVIDER_NAMES.filter((n) => n !== 'sandbox')) expect(line).toContain(PROVIDER_BRANDS[p as keyof typeof PROVIDER_BRANDS]);
    expect(line).toContain('YooKassa, Stripe');
    expect(line).toMatch(sandbox ? /DEMO mode/ : /LIVE mode/);
  });
});

describe('"No found" (#42)', () => {
  it('no screen fills a react-admin message\'s %{name} with nothing ("No  found")', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const hits: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.tsx?$/.test(e.name) && /translate\('ra\.[\w.]+', \{ name: '' \}/.test(fs.readFileSync(p, 'utf8'))) hits.push(p);
      }
    };
    walk(path.resolve(__dirname, '../../src'));
    expect(hits).toEqual([]);
  });
});

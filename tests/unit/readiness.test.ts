// #42 The setup checklist's pure parts: the days without a price in words, the screen that fixes
// each item, the schedule form's default prepayment and warning, and the sandbox offered only where
// the server takes it.
import { describe, expect, it } from 'vitest';
import { READINESS_CODES, READINESS_STEPS } from '../../domain/readiness';
import { dayList } from '../../server/modules/readiness/service';
import { linkFor } from '../../src/components/readiness/targets';
import { PROVIDER_FIELDS } from '../../src/resources/payment_provider/fields';
import { asksPrepayment, emptyItem, emptyPricing, emptySchedule } from '../../src/pages/schedules/scheduleForm';
import { ruMessages } from '../../src/i18n/ru';
import { enMessages } from '../../src/i18n/en';

const text = (messages: Record<string, unknown>, key: string) => key.split('.').reduce<any>((node, part) => node?.[part], messages);

describe('the setup checklist', () => {
  it('names the days without a price in words: weekdays and weekends together, the rest by name', () => {
    expect(dayList('ru', [6, 7])).toBe('выходные');
    expect(dayList('en', [6, 7])).toBe('weekends');
    expect(dayList('ru', [1, 2, 3, 4, 5])).toBe('будни');
    expect(dayList('en', [1, 2, 3, 4, 5, 7])).toBe('weekdays, Sunday');
    expect(dayList('ru', [3, 6, 7])).toBe('среду, выходные');
    expect(dayList('ru', [1, 2, 3, 4, 5, 6, 7])).toBe('будни, выходные');
    expect(dayList('en', [2, 5])).toBe('Tuesday, Friday');
  });

  it('links every item to the screen that fixes it, named as that screen is named, in ru and en', () => {
    for (const [code, step] of Object.entries(READINESS_CODES)) {
      const link = linkFor(7, step, code);
      expect(link.href, code).toMatch(/^\/locations\/7\/[a-z_]+(\?tab=[a-z_]+)?$/);
      expect(typeof text(ruMessages, link.label), `${code}: ${link.label}`).toBe('string');
      expect(typeof text(enMessages, link.label), `${code}: ${link.label}`).toBe('string');
    }
    expect(linkFor(7, 'schedule', 'no_price_days').href).toBe('/locations/7/schedules_and_playgrounds');
    expect(linkFor(7, 'widget', 'no_phone').href).toBe('/locations/7/tools?tab=widget');
    expect(linkFor(7, 'online_payments', 'prepaid_without_provider').href).toBe('/locations/7/tools?tab=payments');
    // A code this screen does not know yet goes by its step.
    expect(linkFor(7, 'games', 'a_newer_code').href).toBe('/locations/7/games_table');
    for (const step of READINESS_STEPS) expect(text(ruMessages, `app.readiness.steps.${step}`), step).toEqual(expect.any(String));
  });
});

describe('selling before online payments, on the screens', () => {
  it('a new schedule, item or price row asks the prepayment the editor is given (0 % where nothing is taken online)', () => {
    expect(emptySchedule(1, 60, '0').items[0]!.pricing[0]!.prepayment).toBe('0');
    expect(emptySchedule(1, 60).items[0]!.pricing[0]!.prepayment).toBe('100');
    expect(emptyItem(60, [], '0').pricing[0]!.prepayment).toBe('0');
    expect(emptyPricing('', '0').prepayment).toBe('0');
  });

  it('warns of a prepayment only above 0 %', () => {
    const form = (...prepayments: string[]) => ({ items: [{ ...emptyItem(60), pricing: prepayments.map((p) => emptyPricing('10:00', p)) }] });
    expect(asksPrepayment(form('0'))).toBe(false);
    expect(asksPrepayment(form('0', ' 0 '))).toBe(false);
    expect(asksPrepayment(form('0', '50'))).toBe(true);
    expect(asksPrepayment(form('0,5'))).toBe(true);
    expect(asksPrepayment({ items: [] })).toBe(false);
  });

  it('the payment provider form offers the sandbox only where the server takes it, and masks the secrets', () => {
    const provider = PROVIDER_FIELDS.find((f) => f.source === 'provider')!;
    const sandbox = provider.kind === 'select' ? provider.choices!.find((c) => c.value === 'sandbox')! : null;
    expect(sandbox?.when?.({ sandbox_available: false })).toBe(false);
    expect(sandbox?.when?.({ sandbox_available: true })).toBe(true);
    for (const source of ['secret_key', 'webhook_secret']) {
      const f = PROVIDER_FIELDS.find((x) => x.source === source)!;
      expect(f.kind === 'text' && f.format, source).toBe('secret');
    }
    const url = PROVIDER_FIELDS.find((f) => f.source === 'notification_url')!;
    const urls = { yookassa: 'https://b.test/y/', stripe: 'https://b.test/s/' };
    expect(url.kind === 'copy' && url.readOnly && url.value({ provider: 'stripe' }, { notification_urls: urls })).toBe('https://b.test/s/');
    expect(url.kind === 'copy' && url.value({ provider: '' }, { notification_urls: urls })).toBeNull();
  });
});

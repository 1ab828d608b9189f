// #18: a too-long phone shows one message everywhere a phone is typed. The desk's forms say
// validation.validationPhone (booking, multi-booking, search, certificate activation, profile), the
// widget its own copy (src/widget/texts.ts, kept apart so the widget stays light) and the server's
// invalid_phone shows in the failure dialogs: the three must read the same, and all three rules take
// a phone over its stored length as invalid, not as a length error of its own.
import { describe, expect, it } from 'vitest';
import { isValidPhone } from '../../domain/validation';
import { TEXT_LIMITS } from '../../domain/textLimits';
import { enMessages } from '../../src/i18n/en';
import { ruMessages } from '../../src/i18n/ru';
import { texts } from '../../src/widget/texts';
import { serverMessages } from '../../server/platform/messages';
import { validPhone } from '../../src/components/validators';
import { phoneSchema } from '../../server/platform/validation';

describe('one message for a bad or too-long phone (#18)', () => {
  it('reads the same in the desk, the widget and the server, in ru and en', () => {
    for (const [lang, app] of [['ru', ruMessages], ['en', enMessages]] as const) {
      const desk = (app as any).validation.validationPhone as string;
      expect(desk).toBeTruthy();
      expect(texts(lang)('phoneInvalid'), lang).toBe(desk);
      expect(serverMessages[lang].invalid_phone, lang).toBe(desk);
    }
  });

  it('a phone one digit over the limit is the same invalid phone on the client and the server', () => {
    const tooLong = `+${'7'.repeat(TEXT_LIMITS.phone)}`;
    expect(isValidPhone(tooLong)).toBe(false);
    expect(validPhone(tooLong)).toBe('validation.validationPhone');
    const server = phoneSchema.safeParse(tooLong);
    expect(server.success).toBe(false);
    expect(server.error!.issues.map((i) => i.message)).toEqual(['invalid_phone']);
    // At the limit it is a phone (not +7…: since #40 a +7 number has exactly 10 digits after the 7).
    expect(validPhone(`+${'1'.repeat(TEXT_LIMITS.phone - 1)}`)).toBeUndefined();
  });
});

// The date picker's text against its caller's value (src/components/forms/dayText.ts dayToShow): the
// filter bar's open defect of #25/#26, a date typed right after a list reload losing its day and month.
import { describe, expect, it } from 'vitest';
import { dayToShow } from '../../src/components/forms/dayText';

describe('dayToShow', () => {
  it('keeps what is being typed when the value changes under the focused field, and takes it on the blur', () => {
    // 15.09 typed into a field that showed 01.11.2026 (the day and month sections, the year not yet):
    // the picker's day is partial. The list's reload echoes the range it had (or an empty one) meanwhile.
    expect(dayToShow(null, '2026-11-01', true)).toBeUndefined();
    expect(dayToShow(null, '', true)).toBeUndefined();
    // A year still being typed (2, 20) makes a day of its own, which an echo must not replace either.
    expect(dayToShow('0020-09-15', '2026-11-01', true)).toBeUndefined();
    expect(dayToShow('0020-09-15', '', true)).toBeUndefined();
    // Out of the field, a value from elsewhere (a quick period, the back button) replaces the text.
    expect(dayToShow('2026-09-15', '2026-10-01', false)).toBe('2026-10-01');
    expect(dayToShow(null, '2026-10-01', false)).toBe('2026-10-01');
    expect(dayToShow('2026-09-15', '', false)).toBe('');
  });

  it('leaves the text alone when it already shows the value, and a partial text when nothing is chosen', () => {
    expect(dayToShow('2026-09-15', '2026-09-15', false)).toBeUndefined();
    expect(dayToShow('', '', false)).toBeUndefined();
    expect(dayToShow(null, '', false)).toBeUndefined();
  });
});

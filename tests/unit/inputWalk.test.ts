// The request walks of issue 25: the JSON depth check before parsing, and the iterative NUL/length
// walk over every request part (deep values cost one visit each, no stack overflow).
import { describe, expect, it } from 'vitest';
import { isInstant, jsonTooDeep, MAX_JSON_DEPTH, textProblems } from '../../server/platform/validation';
import { TEXT_MAX } from '../../domain/textLimits';

const nested = (depth: number, leaf: unknown): unknown => {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
};

describe('jsonTooDeep', () => {
  it('counts objects and arrays, not brackets inside strings', () => {
    const at = (n: number) => '['.repeat(n) + ']'.repeat(n);
    expect(jsonTooDeep(at(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonTooDeep(at(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonTooDeep('{"a":'.repeat(40) + '1' + '}'.repeat(40))).toBe(true);
    expect(jsonTooDeep(JSON.stringify({ text: '['.repeat(100), quote: '\\"[[[[', more: '"{{{{' }))).toBe(false);
    // A string's escaped quote does not end it: the brackets after it are still text.
    expect(jsonTooDeep(`{"a":"\\"${'['.repeat(100)}"}`)).toBe(false);
    // Depth, not count: many shallow values are fine.
    expect(jsonTooDeep(JSON.stringify(Array.from({ length: 10_000 }, () => [{ a: [1] }])))).toBe(false);
  });

  it('scans a megabyte in milliseconds', () => {
    const t0 = performance.now();
    expect(jsonTooDeep('['.repeat(500_000) + ']'.repeat(500_000), 1_000_000)).toBe(false);
    expect(performance.now() - t0).toBeLessThan(500);
  });
});

describe('textProblems (iterative)', () => {
  it('finds NUL and over-long texts at any depth with their paths, in request order', () => {
    expect(textProblems({ a: 'ok', b: ['x', 'a\u0000b', { c: 'y'.repeat(TEXT_MAX + 1) }], ['k\u0000']: 1 })).toEqual([
      { path: ['b', 1], message: 'null_character' },
      { path: ['b', 2, 'c'], message: 'text_too_long' },
      { path: ['k\u0000'], message: 'null_character' },
    ]);
    expect(textProblems('a\u0000')).toEqual([{ path: [], message: 'null_character' }]);
    expect(textProblems(undefined)).toEqual([]);
  });

  it('walks 200,000 levels without a stack overflow, quickly, and names the deepest path', () => {
    const t0 = performance.now();
    const problems = textProblems(nested(200_000, 'a\u0000b'));
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.path).toHaveLength(200_000);
    expect(problems[0]!.path.slice(-2)).toEqual([0, 'a']);
  });
});

describe('isInstant: ISO moments on real calendar days (#25)', () => {
  it('takes what the staff form, the launcher and toISOString write', () => {
    for (const v of ['2026-03-07T14:05', '2026-03-07 14:05', '2026-03-07T14:05:00+00:00', '2026-03-07T14:05:00Z', '2028-02-29T10:00:00.123Z', '2026-03-07', new Date(0).toISOString()]) {
      expect(isInstant(v), v).toBe(true);
    }
  });
  it('refuses days and times no calendar has, where Date.parse rolls them over', () => {
    for (const v of ['2027-02-30', '2027-02-30T10:00:00Z', '2027-04-31 12:00', '2027-02-29T10:00:00Z', '2100-02-29', '2027-01-01T24:00:00Z', '2027-01-01T23:60Z', '2027-01-01T23:59:60Z', '2027-01-01T12:00+15:00', 'Tue, 02 Mar 2027 10:00:00 GMT']) {
      expect(isInstant(v), v).toBe(false);
    }
  });
  it('zoned: a time with Z or an offset is required', () => {
    expect(isInstant('2026-03-07T14:05:00+03:00', true)).toBe(true);
    expect(isInstant('2026-03-07T14:05:00', true)).toBe(false);
    expect(isInstant('2026-03-07', true)).toBe(false);
  });
});

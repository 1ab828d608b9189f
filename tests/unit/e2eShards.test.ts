// The e2e shards are dealt by measured time (tests/e2e/run-shards.ts): the halves stay even, and
// every spec file runs in exactly one shard, also a new one not yet measured.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SHARDS, deal } from '../e2e/run-shards';

describe('dealing the e2e spec files to shards', () => {
  it('puts the longest first onto the least loaded shard; an unmeasured file counts as the median', () => {
    const seconds = { a: 100, b: 60, c: 50, d: 40, e: 10 };
    expect(deal(['a', 'b', 'c', 'd', 'e', 'new'], seconds, 2)).toEqual([['a', 'new', 'e'], ['b', 'c', 'd']]);
  });

  it('runs every spec file of tests/e2e exactly once, with the shards within a tenth of each other', () => {
    const files = fs.readdirSync('tests/e2e').filter((f) => f.endsWith('.spec.ts')).map((f) => `tests/e2e/${f}`);
    const seconds = JSON.parse(fs.readFileSync('tests/e2e/durations.json', 'utf8')) as Record<string, number>;
    const shards = deal(files, seconds, DEFAULT_SHARDS);
    expect(shards.flat().sort()).toEqual([...files].sort());
    const totals = shards.map((s) => s.reduce((sum, f) => sum + (seconds[f] ?? 0), 0));
    expect((Math.max(...totals) - Math.min(...totals)) / Math.max(...totals), `shards of ${totals.join(', ')} s`).toBeLessThan(0.1);
  });
});

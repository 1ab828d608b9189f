// Every e2e spec takes `test` from tests/e2e/test.ts, whose fixture closes the browser contexts a test
// opened besides its own: a second desk left open on the live stream kept drawing its day on every
// change the rest of the shard made (live.spec.ts left a dozen, measured in docs/decisions.md).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const DIR = path.join(__dirname, '../e2e');
const files = fs.readdirSync(DIR).filter((f) => f.endsWith('.spec.ts') || f.endsWith('.setup.ts'));

describe('the e2e specs', () => {
  it('take test from ./test (extra browser contexts closed after each test), never from @playwright/test', () => {
    expect(files.length).toBeGreaterThan(40);
    const wrong = files.filter((f) => {
      const text = fs.readFileSync(path.join(DIR, f), 'utf8');
      return /from '@playwright\/test'/.test(text) || !/import \{[^}]*\btest\b[^}]*\} from '\.\/test'/.test(text);
    });
    expect(wrong, 'import { test, expect } from \'./test\' in these specs (tests/e2e/test.ts closes the contexts a test opens)').toEqual([]);
  });
});

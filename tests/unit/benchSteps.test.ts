// The smoke benchmark (`npm run bench:smoke`, part of `npm test`) runs every step of the full suite:
// both run the list of bench/steps.ts, suite.ts has one runner per step of it and measures nothing
// outside them, and `npm test` runs the smoke run. A new step cannot be left out of the smoke run.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FULL, SMOKE, STEPS, stepsOf } from '../../bench/steps';

const read = (file: string) => fs.readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');

describe('the benchmark steps', () => {
  it('the smoke run and the full run run every step of the list, in its order', () => {
    const all = STEPS.map((s) => s.id);
    expect(new Set(all).size).toBe(all.length);
    expect(stepsOf('full')).toEqual(all);
    expect(stepsOf('smoke')).toEqual(all);
    // --only browser is a part, for front-end work: the chain and the browser steps.
    expect(stepsOf('browser')).toEqual(['chain', 'browser', 'walkin', 'bigvenue']);
    // #45 and #49 parts: the churn test alone, the day view's rows alone.
    expect(stepsOf('churn')).toEqual(['chain', 'churn']);
    expect(stepsOf('dayview')).toEqual(['chain', 'dayview', 'pooler']);
  });

  it('suite.ts has exactly one runner per step, in the list\'s order', () => {
    const source = read('bench/suite.ts');
    const body = source.slice(source.indexOf('const runners: Record<StepId'), source.indexOf('\n};\n', source.indexOf('const runners: Record<StepId')));
    const runners = [...body.matchAll(/^ {2}async (\w+)\(\) \{$/gm)].map((m) => m[1]);
    expect(runners).toEqual(STEPS.map((s) => s.id));
  });

  it('the smoke sizes are small and the full ones are the documented ones', () => {
    expect(Object.keys(SMOKE).sort()).toEqual(Object.keys(FULL).sort());
    expect(SMOKE.orders).toBeLessThanOrEqual(10_000);
    expect(SMOKE.seconds).toBeLessThanOrEqual(1);
    expect(SMOKE.chainLocations).toBeLessThan(FULL.chainLocations);
    expect(FULL).toMatchObject({ orders: 1_000_000, chainLocations: 20, workers: 4, eventClients: 200 });
  });

  it('npm test runs the smoke run', () => {
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['bench:smoke']).toBe('node --import tsx bench/suite.ts --smoke');
    expect(scripts['bench:smoke:built']).toBe('node --import tsx bench/suite.ts --smoke --web dist');
    // npm test's smoke run serves the build its first step made (dist), not a second build of its own.
    expect(scripts.test).toMatch(/build:web[^&]*&&[^&]*run-parallel\.ts [^&]*\bbench:smoke:built\b/);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../domain/constants';
import { createElement, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { ChunkTimeoutError, lazyPage, withTimeout } from '../../src/lazyPage';

describe('chunk load time-out', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });

  it('is 120 s', () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('fails a chunk that has not loaded after the time-out', async () => {
    const never = new Promise<never>(() => {});
    const result = withTimeout(never, CHUNK_LOAD_TIMEOUT_MS);
    const check = expect(result).rejects.toBeInstanceOf(ChunkTimeoutError);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS);
    await check;
  });

  it('passes a chunk that loads in time', async () => {
    const later = new Promise<string>((resolve) => setTimeout(() => resolve('page'), CHUNK_LOAD_TIMEOUT_MS - 1));
    const result = withTimeout(later, CHUNK_LOAD_TIMEOUT_MS);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    await expect(result).resolves.toBe('page');
  });
});

describe('a lazy page whose chunk is already there (#49)', () => {
  // What the first render of a page opened by its address shows: with the chunk preloaded, the page
  // itself; otherwise the loading fallback, whose replacement React holds back 300 ms.
  const shown = (page: React.ComponentType) => renderToString(createElement(Suspense, { fallback: 'loading…' }, createElement(page)));
  const module = { Page: () => createElement('h1', null, 'The day view') };
  /** The page inside its Suspense boundary's markers: shown, not the fallback. */
  const PAGE = '<!--$--><h1>The day view</h1><!--/$-->';

  it('renders at once after preload(), with no fallback first', async () => {
    const Page = lazyPage(async () => module, 'Page');
    await Page.preload();
    expect(shown(Page)).toBe(PAGE);
  });

  it('shows the fallback while the chunk is not there yet, and the page once it is', async () => {
    let arrive: (m: typeof module) => void = () => {};
    const chunk = new Promise<typeof module>((resolve) => { arrive = resolve; });
    const Page = lazyPage(() => chunk, 'Page');
    expect(shown(Page)).toContain('loading…');
    expect(shown(Page)).not.toContain('The day view');
    arrive(module);
    await chunk;
    await Page.preload();
    expect(shown(Page)).toBe(PAGE);
  });
});

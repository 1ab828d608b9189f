import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../domain/constants';
import { ChunkTimeoutError, withTimeout } from '../../src/lazyPage';

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

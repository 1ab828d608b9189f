// Screens load as separate chunks. A chunk that has not arrived after CHUNK_LOAD_TIMEOUT_MS
// (spec: 120 s) fails instead of leaving a spinner forever; react-admin's error page then offers
// to try again.
import { lazy, type ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../domain/constants';

export class ChunkTimeoutError extends Error {
  constructor(ms: number) {
    super(`The page did not load in ${Math.round(ms / 1000)} s. Check the connection and reload.`);
  }
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkTimeoutError(ms)), ms);
    promise.then(
      (value) => { clearTimeout(timer); resolve(value); },
      (err) => { clearTimeout(timer); reject(err); },
    );
  });
}

/** React.lazy for a module's named export, with the chunk time-out. */
export function lazyPage<M, K extends keyof M>(loader: () => Promise<M>, name: K, ms = CHUNK_LOAD_TIMEOUT_MS) {
  return lazy(async () => ({ default: (await withTimeout(loader(), ms))[name] as ComponentType<any> }));
}

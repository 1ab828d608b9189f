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

/** A thenable settled already: React.lazy takes its value in the same render instead of suspending. */
function settled<T>(value: T): PromiseLike<T> {
  return { then: (onFulfilled) => Promise.resolve(onFulfilled ? onFulfilled(value) : value) as never };
}

/**
 * React.lazy for a module's named export, with the chunk time-out, and `preload()` to ask for the
 * chunk before the page is rendered. A page whose chunk is already there renders at once: React.lazy
 * given a promise suspends even when it is resolved, shows the loading fallback, and then reveals the
 * page no sooner than 300 ms after that fallback (React's throttle): #49 measured every load of the
 * day view waiting 150-190 ms for that timer with its data and chunks all in (docs/decisions.md).
 */
export function lazyPage<M, K extends keyof M>(loader: () => Promise<M>, name: K, ms = CHUNK_LOAD_TIMEOUT_MS) {
  let loaded: M | undefined;
  const load = () => withTimeout(loader(), ms).then((module) => {
    loaded = module;
    return module;
  });
  // React.lazy is typed for a Promise; it only calls `then`, which `settled` answers at once.
  const page = lazy(() => (loaded !== undefined
    ? settled({ default: (loaded as M)[name] as ComponentType<any> }) as Promise<{ default: ComponentType<any> }>
    : load().then((module) => ({ default: module[name] as ComponentType<any> }))));
  return Object.assign(page, { preload: load });
}

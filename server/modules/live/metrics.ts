// The live desk's figures for /metrics: prom-client's default registry, which the /metrics route
// of server/platform/metrics.ts exposes (no registers option here, on purpose).
import { Gauge, Histogram, register } from 'prom-client';

function once<T>(name: string, make: () => T): T {
  // Tests build several apps in one process: a metric is registered once per process.
  return (register.getSingleMetric(name) as T | undefined) ?? make();
}

export const liveMetrics = {
  streams: once('live_event_streams', () => new Gauge({ name: 'live_event_streams', help: 'Event streams (SSE) open on this process' })),
  lag: once('live_event_delivery_lag_seconds', () => new Histogram({
    name: 'live_event_delivery_lag_seconds',
    help: 'From the commit of a change to its event being written to a stream',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  })),
};

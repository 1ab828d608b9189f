// buildApp: the Fastify instance with every module, used by main.ts and by the API tests.
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RouteOptions } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { installCompression } from './platform/compression';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import type { Deps } from './deps';
import { installAuth } from './platform/auth';
import { installAccess } from './platform/access';
import { installEffectsScope } from './platform/effects';
import { DB_RETRY_AFTER_SECONDS, frameworkError, installErrorHandling, notFound } from './platform/errors';
import { openApiOptions } from './platform/openapi';
import { pickLanguage, type Lang, translate } from './platform/messages';
import { installJsonBodies, zodValidatorCompiler } from './platform/validation';
import { authRoutes } from './modules/auth/routes';
import { locationRoutes } from './modules/locations/routes';
import { userRoutes } from './modules/users/routes';
import { holidayRoutes } from './modules/holidays/routes';
import { scheduleRoutes } from './modules/schedules/routes';
import { slotRoutes } from './modules/slots/routes';
import { orderRoutes } from './modules/orders/routes';
import { sandboxRoutes } from './modules/sandbox/routes';
import { paymentProviderRoutes } from './modules/paymentProviders/routes';
import { paymentNoticeRoutes } from './modules/paymentNotices/routes';
import { multiBookingRoutes } from './modules/multibooking/routes';
import { paymentRoutes } from './modules/payments/routes';
import { disputeRoutes, refillRoutes, transactionRoutes } from './modules/transactions/routes';
import { certificateRoutes } from './modules/certificates/routes';
import { sessionRoutes } from './modules/sessions/routes';
import { toolRoutes } from './modules/tools/routes';
import { webhookRoutes } from './modules/webhooks/routes';
import { locationInfoRoutes } from './modules/locationInfo/routes';
import { readinessRoutes } from './modules/readiness/routes';
import { techSessionRoutes } from './modules/techSessions/routes';
import { galleryRoutes } from './modules/gallery/routes';
import { dashboardRoutes } from './modules/dashboards/routes';
import { widgetRoutes } from './modules/widget/routes';
import { liveRoutes } from './modules/live/routes';
// #28 CATALOGUE
import { catalogueRoutes } from './modules/catalogue/routes';
import { invitationRoutes } from './modules/staff/routes';
// #28 SETUP: the first start's setup calls.
import { setupRoutes } from './modules/setup/routes';
import { tillRoutes } from './modules/till/routes';
import { arrivalRoutes } from './modules/arrivals/routes';
import { messageRoutes } from './modules/messages/routes';
import { peopleRoutes } from './modules/people/routes';
import { contentTypeOf, fileStore, isFileKey } from './platform/files';
import { registerAllWrites } from './platform/writes';
import { registerAllLists } from './platform/lists';
import { assertStrongSecrets } from './platform/secrets';
import { installMetrics } from './platform/metrics';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang;
  }
}

/** Every route as registered (method, url, config, schema), for the tests that walk all of them
 * (the authorisation matrix, the fuzzing): a new route is covered without anyone listing it. */
const routeTables = new WeakMap<FastifyInstance, RouteOptions[]>();
export function routeTable(app: FastifyInstance): readonly RouteOptions[] {
  return routeTables.get(app) ?? [];
}

export interface BuildOptions {
  /** A pino logger (main.ts); tests run without one. */
  loggerInstance?: FastifyBaseLogger;
}

/**
 * What our pages may load: only our own scripts (no inline or eval), our own API, pictures from
 * here (and data:/blob: for previews and generated QR codes), styles inline as well (MUI and
 * FullCalendar inject theirs at run time), frames of our own pages (dashboards, the widget on
 * /iframe). The SPA, the widget, the sandbox payment page and the dashboards all keep to it.
 */
const CONTENT_POLICY = [
  "default-src 'self'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data: blob:",
  "font-src 'self' data:", "connect-src 'self'", "frame-src 'self'", "object-src 'none'", "base-uri 'self'", "form-action 'self'",
].join('; ');

export async function buildApp(deps: Deps, opts: BuildOptions = {}): Promise<FastifyInstance> {
  // The config must have been through resolveSecrets (main.ts, the test harness): never sign with '' or a published value.
  assertStrongSecrets(deps.config);
  const app = Fastify({
    ...(opts.loggerInstance ? { loggerInstance: opts.loggerInstance } : { logger: false }),
    bodyLimit: 1024 * 1024,
    // Reset keys and other secrets in paths are longer than Fastify's default of 100.
    routerOptions: { maxParamLength: 300 },
    trustProxy: deps.config.trustProxy,
    // Fastify's own errors before routing (a malformed %-encoding in the path) in the DRF shape too.
    frameworkErrors: frameworkError,
  }) as unknown as FastifyInstance;
  app.setValidatorCompiler(zodValidatorCompiler);
  // JSON bodies nested too deeply are refused before they are parsed (#25).
  installJsonBodies(app);
  app.setSerializerCompiler(serializerCompiler);

  app.decorateRequest('lang', 'ru');
  app.addHook('onRequest', async (request) => {
    request.lang = pickLanguage(request.headers['accept-language']);
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    // Framing: venues embed the booking widget on their own sites; everything else (the staff app,
    // the API, the payment pages) may be framed only by our own pages (clickjacking). Pages that set
    // a stricter policy of their own (the dashboards) keep it.
    if (request.url === '/widget' || request.url.startsWith('/widget/') || request.url.startsWith('/widget?')) {
      reply.header('Content-Security-Policy', `${CONTENT_POLICY}; frame-ancestors *`);
    } else {
      reply.header('X-Frame-Options', 'SAMEORIGIN');
      if (!reply.hasHeader('content-security-policy')) reply.header('Content-Security-Policy', `${CONTENT_POLICY}; frame-ancestors 'self'`);
    }
  });

  // #40 JSON answers of 1 KB and more go out compressed to a browser that takes it (the built files have copies made at build time).
  installCompression(app);

  // The built single-page app, when there is one: any other GET that wants a page gets
  // index.html (client routing); /api and /media keep the JSON 404.
  const webDir = deps.config.webDir;
  const hasWeb = fs.existsSync(path.join(webDir, 'index.html'));
  installErrorHandling(app, hasWeb ? (request, reply) => {
    // The decoded path, as the router saw it: `/%61pi/...` is an /api address, not a page.
    let pathname: string;
    try { pathname = decodeURIComponent(request.url.split('?')[0] ?? '/'); } catch { pathname = '/api/'; }
    const wantsPage = request.method === 'GET' && !pathname.startsWith('/api/') && !pathname.startsWith('/media/');
    if (wantsPage) {
      const file = path.join(webDir, pathname);
      if (file.startsWith(webDir + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
        const relative = path.relative(webDir, file);
        // Vite names each built chunk by its content (assets/<name>-<hash>.js): a browser keeps it
        // without asking again on every page load; index.html, which names them, is asked each time.
        if (relative.startsWith(`assets${path.sep}`)) return reply.sendFile(relative, webDir, { maxAge: '365d', immutable: true });
        return reply.sendFile(relative, webDir);
      }
      return reply.type('text/html').sendFile('index.html', webDir);
    }
    return reply.status(404).send({ detail: translate(request.lang, 'not_found') });
  } : undefined);
  installAuth(app, deps.db, { idleDays: deps.config.tokenIdleDays, maxAgeDays: deps.config.tokenMaxAgeDays });
  installAccess(app);
  installEffectsScope(app);
  // The API documentation is public like /healthz: a browser opening /api/docs sends no token;
  // so are uploaded media (avatars, gallery pictures: <img> sends no token either). Every other
  // route needs a token unless it declares `config: { public: true }` (platform/auth.ts).
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs') || route.url.startsWith('/media/')) route.config = { ...route.config, public: true };
  });
  const table: RouteOptions[] = [];
  routeTables.set(app, table);
  app.addHook('onRoute', (route) => { table.push(route); });

  await app.register(fastifyMultipart, { limits: { fileSize: 5 * 1024 * 1024, files: 5, fields: 20 } });
  await app.register(fastifySwagger, openApiOptions(deps.config.publicUrl));
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  // Not in the API document: they are for load balancers and orchestrators (docs/operations.md), not
  // for API clients. #48 /healthz is the process's liveness (it answers while the process runs, also
  // without its database: a restart would not bring the database back); /readyz is readiness: whether
  // it can serve now, its database reached within DB_TIMEOUT_MS.
  app.get('/healthz', { config: { public: true }, schema: { hide: true } }, async () => ({ status: 'ok', pid: process.pid }));
  app.get('/readyz', { config: { public: true }, schema: { hide: true } }, async (_request, reply) => {
    try {
      await deps.db.execute(sql`select 1`);
      // The process id tells which process of a cluster answered (operations, the cluster test).
      return { status: 'ready', pid: process.pid };
    } catch {
      return reply.status(503).header('retry-after', String(DB_RETRY_AFTER_SECONDS)).send({ status: 'database unavailable', pid: process.pid });
    }
  });

  // Prometheus: request latency of every route, and GET /metrics for the addresses METRICS_ALLOW names.
  installMetrics(app, { db: deps.db, allow: deps.config.metricsAllow });

  await app.register(async (api) => {
    await authRoutes(api, deps);
    await setupRoutes(api, deps);
    await userRoutes(api, deps);
    await invitationRoutes(api, deps); // #28 STAFF
    await locationRoutes(api, deps);
    await scheduleRoutes(api, deps);
    await holidayRoutes(api, deps);
    await slotRoutes(api, deps);
    await orderRoutes(api, deps);
    await sandboxRoutes(api, deps);
    await paymentProviderRoutes(api, deps); // #29
    await paymentNoticeRoutes(api, deps);
    await multiBookingRoutes(api, deps);
    await paymentRoutes(api, deps);
    await transactionRoutes(api, deps);
    await refillRoutes(api, deps);
    await disputeRoutes(api, deps);
    await certificateRoutes(api, deps);
    await sessionRoutes(api, deps);
    await toolRoutes(api, deps);
    await webhookRoutes(api, deps);
    await locationInfoRoutes(api, deps);
    await readinessRoutes(api, deps); // #42
    await catalogueRoutes(api, deps); // #28 CATALOGUE
    await techSessionRoutes(api, deps);
    await galleryRoutes(api, deps);
    await dashboardRoutes(api, deps);
    await widgetRoutes(api, deps);
    await liveRoutes(api, deps);
    await tillRoutes(api, deps); // #43
    await arrivalRoutes(api, deps); // #44
    await messageRoutes(api, deps); // #45
    await peopleRoutes(api, deps); // #47
    // The list endpoints declared in server/modules/*/lists.ts.
    await registerAllLists(api, deps);
    // The routes that change a record, declared in server/modules/*/writes.ts.
    await registerAllWrites(api, deps);
  });

  // Uploaded media (avatars, the gallery) from the file store (#48: the data folder or the bucket):
  // public, as <img> sends no token. Dispute files are not media (transactions/disputes.ts, under
  // private/); a path under media/disputes/ (where they were once kept) is refused even if one was left there.
  const files = fileStore(deps.config);
  app.get('/media/*', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    let key: string;
    try { key = `media/${decodeURIComponent((request.params as { '*': string })['*'])}`; } catch { throw notFound(); }
    if (!isFileKey(key) || key.toLowerCase().startsWith('media/disputes/')) throw notFound();
    const found = await files.get(key);
    if (!found) throw notFound();
    // The names are random and never reused: a picture may be cached for a day.
    return reply.type(found.contentType ?? contentTypeOf(key)).header('cache-control', 'public, max-age=86400').header('x-content-type-options', 'nosniff').send(found.data);
  });

  if (hasWeb) {
    // Only reply.sendFile: the built files are answered by the not-found handler above, so they are
    // not routes (one route per file would make every built file a public route of the route table).
    // #40 preCompressed: a file's .br or .gz copy made at build time (vite.precompress.ts) answers a
    // browser that accepts it (Vary: Accept-Encoding), the file itself anyone else.
    await app.register(fastifyStatic, { root: webDir, serve: false, decorateReply: true, preCompressed: true });
    app.get('/', { config: { public: true }, schema: { hide: true } }, (_request, reply) => reply.sendFile('index.html', webDir));
  }
  return app;
}

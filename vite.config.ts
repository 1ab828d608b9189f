import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { precompress } from './vite.precompress.ts';

// The SPA is built into dist/ and served by the Fastify server on the same port.
// In development `npm run dev:web` proxies the API to a server started with `npm run dev:server`.
const apiTarget = process.env.API_TARGET ?? 'http://localhost:8080';

export default defineConfig({
  // #40 .br and .gz copies of the built files, served when the browser accepts them (server/app.ts).
  plugins: [react(), precompress()],
  // A polyfill of what every supported browser has natively (see the shim's comment).
  resolve: { alias: { 'object.entries': fileURLToPath(new URL('./src/shims/objectEntries.cjs', import.meta.url)) } },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 4000,
    // Two pages: the staff app, and the customer booking widget (no react-admin, a few kB).
    rollupOptions: { input: { main: 'index.html', widget: 'widget.html' } },
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/media': apiTarget,
      '/healthz': apiTarget,
    },
  },
});

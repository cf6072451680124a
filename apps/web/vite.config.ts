import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3001';
const proxied = ['/v1', '/v2', '/api', '/health', '/t/'];

export default defineConfig({
  plugins: [react()],
  server: {
    port: 3000,
    strictPort: true,
    proxy: Object.fromEntries(proxied.map((p) => [p, { target: apiTarget, changeOrigin: false }])),
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        // What every page needs first (React, the router, the public pages' texts) in one chunk: one
        // request, and it compresses better than the pieces. The home page's budget: bench/home-bundle.ts.
        codeSplitting: {
          groups: [{ name: 'first-page', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]|src[\\/]locales[\\/](en-public|en[\\/](common|home|site|signin))\.ts$/ }],
        },
      },
    },
  },
});

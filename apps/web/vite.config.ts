import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Where the Fastify server listens in development; override with PORTAL_API_TARGET. */
const API_TARGET = process.env.PORTAL_API_TARGET ?? 'http://localhost:8080';

/**
 * Vendor groups, highest priority first. Splitting React and antd out of the app chunk keeps
 * every chunk a reasonable size and lets browsers keep the rarely-changing vendor code cached.
 */
const vendorChunks = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 40 },
];

export default defineConfig({
  base: '/',
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: { '/api': { target: API_TARGET, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    rolldownOptions: {
      // `codeSplitting.groups` is Rolldown's successor of Rollup's (deprecated) `manualChunks`.
      output: { codeSplitting: { groups: vendorChunks } },
    },
  },
});

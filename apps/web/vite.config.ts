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
  { name: 'antd-icons', test: /node_modules[\\/]@ant-design[\\/]icons/, priority: 35 },
  // antd's building blocks (rc-components, css-in-js) apart keep the antd chunk under 500 kB. They
  // must rank above antd: a group also captures the dependencies of what it matches.
  { name: 'antd-deps', test: /node_modules[\\/](@ant-design|@rc-component|rc-[\w-]+)[\\/]/, priority: 32 },
  { name: 'antd', test: /node_modules[\\/]antd[\\/]/, priority: 30 },
  { name: 'vendor', test: /node_modules[\\/]/, priority: 10 },
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

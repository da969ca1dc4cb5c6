import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Where the Fastify server listens in development; override with PORTAL_API_TARGET. */
const API_TARGET = process.env.PORTAL_API_TARGET ?? 'http://localhost:8080';

/**
 * Vendor groups, highest priority first. Splitting React and antd out of the app chunk keeps
 * every chunk a reasonable size and lets browsers keep the rarely-changing vendor code cached.
 */
const vendorChunks = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 40 },
  {
    // antd's icon component without the icons (each icon stays with the code that shows it):
    // the console frame shows icons but no other antd part, so they must not come with antd-core.
    name: 'icon-base',
    test: /node_modules[\\/](@ant-design[\\/](icons[\\/]es[\\/](components|utils|renderUtils|colorUtils|refUtils)|colors)|clsx)[\\/.]/,
    priority: 35,
  },
  {
    // What every antd page needs whichever components it shows: the CSS-in-JS runtime and theme,
    // the config provider, popup positioning, motion and the form context. One chunk instead of a
    // dozen small ones, which a page (the overseas lists above all) would otherwise fetch in
    // rounds of six over HTTP/1.1. The sign-in page uses no antd and never loads it.
    name: 'antd-core',
    test: /node_modules[\\/](@ant-design[\\/](cssinjs|cssinjs-utils|fast-color)|@rc-component[\\/](util|motion|trigger|portal|resize-observer|context)|antd[\\/]es[\\/](_util|style|config-provider|theme|locale|form[\\/]context|app|spin)|stylis|@emotion|@babel[\\/]runtime|react-is|classnames)[\\/]/,
    priority: 30,
  },
];

const FEATURE_SOURCE = /apps[\\/]web[\\/]src[\\/]features[\\/].+\.tsx?$/;
const RC_FORM_SOURCE = /node_modules[\\/]@rc-component[\\/]form[\\/]/;
const CONTRACT_SOURCE = /packages[\\/]contract[\\/]src[\\/][^\\/]+\.ts$/;
/**
 * Initialisers that may hold schema-building calls: calls, and the object and array literals
 * that group schemas (`const fields = { nodes: numericText.optional() }`), whose calls would
 * otherwise stay in every chunk that imports the module, and zod with them.
 */
const WRAPPED_INITIALISERS = new Set(['CallExpression', 'ObjectExpression', 'ArrayExpression']);

/**
 * Lets the bundler drop the contract's schemas that a chunk does not use. Every module-level
 * `const x = z.object(...)` of packages/contract is a call the bundler must assume has side
 * effects, so importing one constant (say LOCALES) used to pull in every schema and all of zod.
 * Building a zod schema has no side effects, so each such initialiser (and each object or array
 * literal, which may group schemas) is wrapped in an IIFE marked pure. Applies to the web build only; the server and the tests run the source as is.
 */
function pureContractSchemas(): Plugin {
  return {
    name: 'portal:pure-contract-schemas',
    apply: 'build',
    // After TypeScript is stripped, so the parser sees plain JavaScript.
    enforce: 'post',
    transform(code, id) {
      if (!CONTRACT_SOURCE.test(id)) return null;
      const initialisers: Array<{ start: number; end: number }> = [];
      for (const statement of this.parse(code).body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const { init } of declaration.declarations) {
          if (init && WRAPPED_INITIALISERS.has(init.type)) initialisers.push(init);
        }
      }
      let result = code;
      for (const { start, end } of initialisers.reverse()) {
        result = `${result.slice(0, start)}/* @__PURE__ */ (() => (${result.slice(start, end)}))()${result.slice(end)}`;
      }
      return { code: result, map: null };
    },
  };
}

/**
 * antd's form context imports `FormProvider` from @rc-component/form's index, which also builds
 * the whole Form (fields, lists, the async validator) as a side effect of being loaded; every page
 * with a menu or a tooltip reaches that import (antd's ContextIsolator). Only that import is sent
 * to the module that defines the provider, so Form's code loads with the pages that have forms.
 */
function formProviderOnly(): Plugin {
  const FORM_CONTEXT = /node_modules[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/;
  return {
    name: 'portal:form-provider-only',
    enforce: 'pre',
    apply: 'build',
    resolveId(source, importer) {
      if (source !== '@rc-component/form' || !importer || !FORM_CONTEXT.test(importer)) return null;
      return this.resolve('@rc-component/form/es/FormContext', importer, { skipSelf: true });
    },
  };
}

export default defineConfig({
  base: '/',
  plugins: [react(), pureContractSchemas(), formProviderOnly()],
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
    // The entry's files are preloaded by `<link rel="modulepreload">` tags in index.html, which
    // the browser reads without running script. A lazily loaded chunk's files are not: Vite's
    // preload helper appended one such tag per file from script, and in Chromium each append
    // starts the fetch there and then: the console's chunk appended 31 in one task, a list's page
    // about 40 more in another (15–35 ms each at full speed, 60–140 ms at Lighthouse's 4x). The
    // browser finds those files itself, from the chunk's own imports, with no later first
    // content (bench/README.md, `bench:web`, 2026-12-05). CSS files are still loaded with their chunk.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    rolldownOptions: {
      treeshake: {
        // A feature's modules only declare things (components, hooks, schemas), so a page that
        // takes one export from a feature's index does not get the rest of the feature with it
        // (the console home takes the severity tag and the version list from the catalogue).
        //
        // @rc-component/form's index builds the whole Form as statements the bundler must keep
        // (`RefForm.Field = Field`). antd's Table reaches it through the radio group, which takes
        // one helper from antd's useForm: without this, every table page loaded Form and the
        // async validator (13 kB compressed) while only the pages with forms use them.
        moduleSideEffects: (id) => (FEATURE_SOURCE.test(id) || RC_FORM_SOURCE.test(id) ? false : undefined),
      },
      // `codeSplitting.groups` is Rolldown's successor of Rollup's (deprecated) `manualChunks`.
      output: { codeSplitting: { groups: vendorChunks } },
    },
  },
});

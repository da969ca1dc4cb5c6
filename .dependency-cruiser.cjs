/**
 * Import boundaries, checked by `npm run lint` (dependency-cruiser: one tool for both apps,
 * cycles included, resolving the TypeScript path aliases; see CODE_STYLE.md).
 */
/** Every boundary is an error: crossing one fails the lint. */
function forbid(name, comment, from, to) {
  return { name, comment, severity: 'error', from, to };
}

module.exports = {
  forbidden: [
    forbid(
      'no-cycles',
      'A cycle of imports that runs at load time: split what both sides need into a module of its own. Type-only imports and lazy import() do not run at load time.',
      {},
      { circular: true, viaOnly: { dependencyTypesNot: ['type-only', 'dynamic-import'] } },
    ),
    forbid(
      'web-feature-isolation',
      'A feature uses another only through its public index.ts; shared things belong in components/ or lib/.',
      { path: '^apps/web/src/features/([^/]+)/' },
      {
        path: '^apps/web/src/features/',
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/index\\.tsx?$'],
      },
    ),
    forbid(
      'web-shared-stays-shared',
      'components/, lib/, config/ and locales/ serve every feature: they import no feature, no app, no shell.',
      { path: '^apps/web/src/(components|lib|config|locales)/' },
      { path: '^apps/web/src/(features|app|shell)/' },
    ),
    forbid(
      'web-features-below-app',
      'The app (router, shell) composes features; a feature does not reach up into it.',
      { path: '^apps/web/src/features/', pathNot: '\\.test\\.tsx?$' },
      { path: '^apps/web/src/app/' },
    ),
    forbid(
      'server-modules-through-services',
      "A module talks to another through its services' public functions, never its repositories.",
      { path: '^apps/server/src/modules/([^/]+)/' },
      {
        path: '^apps/server/src/modules/[^/]+/.+\\.repository\\.ts$',
        pathNot: '^apps/server/src/modules/$1/',
      },
    ),
    forbid(
      'server-lib-below-modules',
      'lib/ serves every module and knows none.',
      { path: '^apps/server/src/lib/', pathNot: '\\.test\\.ts$' },
      { path: '^apps/server/src/modules/' },
    ),
    forbid(
      'contract-stands-alone',
      'The contract is shared by every end: it imports no application code.',
      { path: '^packages/contract/' },
      { path: '^(apps|packages/cli)/' },
    ),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|coverage)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'apps/web/tsconfig.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};

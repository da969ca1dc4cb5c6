/**
 * Import boundaries, checked by `npm run lint` (dependency-cruiser: one tool for both apps,
 * cycles included, resolving the TypeScript path aliases; see CODE_STYLE.md).
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment:
        'A cycle of imports that runs at load time: split what both sides need into a module of its own. Type-only imports and lazy import() do not run at load time.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only', 'dynamic-import'] } },
    },
    {
      name: 'web-feature-isolation',
      comment:
        'A feature uses another only through its public index.ts; shared things belong in components/ or lib/.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: {
        path: '^apps/web/src/features/',
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/index\\.tsx?$'],
      },
    },
    {
      name: 'web-shared-stays-shared',
      comment:
        'components/, lib/, config/ and locales/ serve every feature: they import no feature, no app, no shell.',
      severity: 'error',
      from: { path: '^apps/web/src/(components|lib|config|locales)/' },
      to: { path: '^apps/web/src/(features|app|shell)/' },
    },
    {
      name: 'web-features-below-app',
      comment: 'The app (router, shell) composes features; a feature does not reach up into it.',
      severity: 'error',
      from: { path: '^apps/web/src/features/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'server-modules-through-services',
      comment: "A module talks to another through its services' public functions, never its repositories.",
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: {
        path: '^apps/server/src/modules/[^/]+/.+\\.repository\\.ts$',
        pathNot: '^apps/server/src/modules/$1/',
      },
    },
    {
      name: 'server-lib-below-modules',
      comment: 'lib/ serves every module and knows none.',
      severity: 'error',
      from: { path: '^apps/server/src/lib/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'contract-stands-alone',
      comment: 'The contract is shared by every end: it imports no application code.',
      severity: 'error',
      from: { path: '^packages/contract/' },
      to: { path: '^(apps|packages/cli)/' },
    },
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

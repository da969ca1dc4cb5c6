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
      'server-modules-through-public-entry',
      'A module with a public entry (index.ts) is used by other modules only through it: its other files are its own to change. Modules get an entry as they are tidied (issue 41): advisories and fleet so far. services.ts, routes.ts, the seed and test helpers compose modules and are not held to it.',
      {
        path: '^apps/server/src/modules/([^/]+)/',
      },
      {
        path: '^apps/server/src/modules/(advisories|fleet)/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/(advisories|fleet)/index\\.ts$'],
      },
    ),
    forbid(
      'server-sql-in-repositories',
      'In a module that keeps its SQL in *.repository.ts files, only those (and tests) import drizzle-orm, the schema or raw-rows: a service decides, its repositories read and write. fleet entirely; advisories for the files split so far (the reader and the audience).',
      {
        path: '^apps/server/src/modules/(fleet|advisories)/',
        pathNot: [
          '\\.repository\\.ts$',
          '\\.test\\.ts$',
          // A test's cases, run by one file per driver (CODE_STYLE: *-cases.ts).
          '-cases\\.ts$',
          // advisories files whose SQL is not yet in repositories (issue 41 follow-up; several are
          // being changed for issue 43): move their queries out, then drop them from this list.
          '^apps/server/src/modules/advisories/(advisory-announcer|advisory-authoring\\.service|advisory-services|advisory-snapshot|advisory-triage|csaf-catalogue|csaf-distribution\\.service)\\.ts$',
        ],
      },
      { path: ['^node_modules/drizzle-orm/', '^apps/server/src/db/(schema|raw-rows)'] },
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
    // node_modules stays out of the graph, but for drizzle-orm: server-sql-in-repositories must see
    // who imports it (doNotFollow keeps it a leaf).
    exclude: { path: '(^|/)(dist|coverage)/|(^|/)node_modules/(?!drizzle-orm/)' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'apps/web/tsconfig.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};

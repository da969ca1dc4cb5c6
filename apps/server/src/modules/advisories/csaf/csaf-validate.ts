import { createRequire } from 'node:module';
import type { CsafDocumentTest } from '@secvisogram/csaf-validator-lib/validateStrict.js';
import type JtdAjv from 'ajv/dist/jtd';

export type CsafProblem = { instancePath: string; message: string };
export type CsafValidation = { valid: boolean; errors: CsafProblem[] };

type Validator = (doc: unknown) => Promise<CsafValidation>;
let validator: Promise<Validator> | undefined;

/**
 * What a CSAF 2.0 "basic validator" checks (conformance clause 14): the strict JSON schema (no
 * property beyond the standard's; it holds test 6.1.8) and every mandatory test 6.1.x. All run
 * offline: the schemas and CWE lists ship with the library; only its informative tests (not run
 * here) reach the network. A typical advisory takes 1-3 ms; an error names the failing test.
 */
export async function validateCsaf(doc: unknown): Promise<CsafValidation> {
  validator ??= loadValidator();
  return (await validator)(doc);
}

/** ajv's JTD class, as the validator library resolves it (the instance its modules construct). */
export function libraryJtdAjv(): typeof JtdAjv {
  const require = createRequire(import.meta.url);
  const library = createRequire(require.resolve('@secvisogram/csaf-validator-lib/validateStrict.js'));
  return library('ajv/dist/jtd.js') as typeof JtdAjv;
}

/** Schemas handed to JTD instances while the library loads, checked when it has loaded. */
const pendingJtdSchemas: unknown[] = [];
let loadsUnderWay = 0;

/**
 * Runs `load` (importing the library's modules) with each JTD schema they compile checked against
 * ajv's JTD meta-schema once they have loaded, by one instance, instead of by each of their own.
 * ajv compiles that meta-schema again for every instance (0.3-0.8 s of CPU each), and the library
 * makes one instance per test module, 33 in all: loading it cost about 15 s of CPU, paid by every
 * process that approves an advisory (each first start of a portal, each test file; issue 41).
 * The same check of the same schemas, the meta-schema compiled once; an invalid schema still
 * fails the load.
 */
export async function checkingJtdSchemasOnce<T>(load: () => Promise<T>): Promise<T> {
  const Ajv = libraryJtdAjv();
  if (loadsUnderWay++ === 0) {
    Object.defineProperty(Ajv.prototype, 'validateSchema', {
      configurable: true,
      writable: true,
      value: (schema: unknown) => {
        pendingJtdSchemas.push(schema);
        return true;
      },
    });
  }
  try {
    return await load();
  } finally {
    if (--loadsUnderWay === 0) delete (Ajv.prototype as { validateSchema?: unknown }).validateSchema;
    const schemas = pendingJtdSchemas.splice(0);
    if (schemas.length > 0) {
      const checker = new Ajv();
      for (const schema of schemas) checker.validateSchema(schema as never, true);
    }
  }
}

/**
 * Loaded on first use, not with the server: importing the mandatory tests takes about a second
 * and 130 MB of memory (every CWE catalogue version, compiled schemas), which a process that
 * never approves an advisory should not pay.
 */
async function loadValidator(): Promise<Validator> {
  const [mandatoryTests, { csaf_2_0_strict }, { default: validateStrict }] = await checkingJtdSchemasOnce(
    () =>
      Promise.all([
        import('@secvisogram/csaf-validator-lib/mandatoryTests.js'),
        import('@secvisogram/csaf-validator-lib/schemaTests.js'),
        import('@secvisogram/csaf-validator-lib/validateStrict.js'),
      ]),
  );
  // The namespace of a dynamic import: its values are the test functions (mandatoryTest_6_1_1, ...).
  const mandatory = (Object.values(mandatoryTests) as unknown[]).filter(
    (test): test is CsafDocumentTest => typeof test === 'function',
  );
  const tests: CsafDocumentTest[] = [csaf_2_0_strict, ...mandatory];
  return async (doc) => {
    // validateStrict refuses any test function that is not the library's own.
    const result = await validateStrict(tests, doc);
    const errors = result.tests.flatMap((test) =>
      test.errors.map((error) => ({
        instancePath: error.instancePath,
        message: `${test.name}: ${error.message}`,
      })),
    );
    return { valid: result.isValid, errors };
  };
}

/** What the optional (6.2.x) and informative (6.3.x) tests found: `test: message at path`. */
export type CsafAdvice = { warnings: string[]; infos: string[] };

/**
 * Informative tests left out: 6.3.6-6.3.8 check URLs and spelling over the network or with
 * hunspell, neither of which a server (or its tests) may count on.
 */
const OFFLINE_LEFT_OUT = new Set(['informativeTest_6_3_6', 'informativeTest_6_3_7', 'informativeTest_6_3_8']);
let adviceTests: Promise<CsafDocumentTest[]> | undefined;

/**
 * The reference validator's optional and informative tests (a "full validator", clause 16):
 * what makes a document good for customers' tools (identification helpers, canonical URL,
 * sorted keys, recommended branch structure) beyond being valid. Run by the tests and the
 * bench on every kind of document the portal makes; approval does not wait for them.
 */
export async function adviseCsaf(doc: unknown): Promise<CsafAdvice> {
  adviceTests ??= checkingJtdSchemasOnce(() =>
    Promise.all([
      import('@secvisogram/csaf-validator-lib/optionalTests.js'),
      import('@secvisogram/csaf-validator-lib/informativeTests.js'),
    ]),
  ).then((modules) =>
    modules.flatMap((tests) =>
      Object.entries(tests as Record<string, unknown>).flatMap(([name, test]) =>
        typeof test === 'function' && !OFFLINE_LEFT_OUT.has(name) ? [test as CsafDocumentTest] : [],
      ),
    ),
  );
  const { default: validateStrict } = await import('@secvisogram/csaf-validator-lib/validateStrict.js');
  const result = await validateStrict(await adviceTests, doc);
  const advice: CsafAdvice = { warnings: [], infos: [] };
  for (const test of result.tests) {
    for (const item of test.warnings)
      advice.warnings.push(`${test.name}: ${item.message} at ${item.instancePath}`);
    for (const item of test.infos) advice.infos.push(`${test.name}: ${item.message} at ${item.instancePath}`);
  }
  return advice;
}

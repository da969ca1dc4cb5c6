import type { CsafDocumentTest } from '@secvisogram/csaf-validator-lib/validateStrict.js';

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

/**
 * Loaded on first use, not with the server: importing the mandatory tests takes about a second
 * and 130 MB of memory (every CWE catalogue version, compiled schemas), which a process that
 * never approves an advisory should not pay.
 */
async function loadValidator(): Promise<Validator> {
  const [mandatoryTests, { csaf_2_0_strict }, { default: validateStrict }] = await Promise.all([
    import('@secvisogram/csaf-validator-lib/mandatoryTests.js'),
    import('@secvisogram/csaf-validator-lib/schemaTests.js'),
    import('@secvisogram/csaf-validator-lib/validateStrict.js'),
  ]);
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

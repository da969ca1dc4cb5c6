// @secvisogram/csaf-validator-lib ships JavaScript with JSDoc only; these are the parts the
// advisories module uses, as the library's README documents them.

declare module '@secvisogram/csaf-validator-lib/schemaTests.js' {
  import type { CsafDocumentTest } from '@secvisogram/csaf-validator-lib/validateStrict.js';
  export const csaf_2_0_strict: CsafDocumentTest;
  export const csaf_2_0: CsafDocumentTest;
}

declare module '@secvisogram/csaf-validator-lib/mandatoryTests.js' {
  import type { CsafDocumentTest } from '@secvisogram/csaf-validator-lib/validateStrict.js';
  /** mandatoryTest_6_1_1 ... mandatoryTest_6_1_33 (6.1.8 is the schema test). */
  const tests: Record<string, CsafDocumentTest>;
  export = tests;
}

declare module '@secvisogram/csaf-validator-lib/validateStrict.js' {
  export type CsafTestMessage = { message: string; instancePath: string };
  export type CsafDocumentTest = (doc: unknown) => {
    isValid?: boolean;
    errors?: CsafTestMessage[];
    warnings?: CsafTestMessage[];
    infos?: CsafTestMessage[];
  };
  export type CsafValidationResult = {
    isValid: boolean;
    tests: {
      name: string;
      isValid: boolean;
      errors: CsafTestMessage[];
      warnings: CsafTestMessage[];
      infos: CsafTestMessage[];
    }[];
  };
  /** Runs the tests, refusing any function that is not one of the library's own. */
  export default function validateStrict(
    tests: CsafDocumentTest[],
    doc: unknown,
  ): Promise<CsafValidationResult>;
}

declare module '@secvisogram/csaf-validator-lib/optionalTests.js' {
  import type { CsafDocumentTest } from '@secvisogram/csaf-validator-lib/validateStrict.js';
  const tests: Record<string, CsafDocumentTest>;
  export = tests;
}

declare module '@secvisogram/csaf-validator-lib/cwe.js' {
  export const weaknesses: readonly { id: string; name: string }[];
}

declare module '@secvisogram/csaf-validator-lib/informativeTests.js' {
  import type { CsafDocumentTest } from '@secvisogram/csaf-validator-lib/validateStrict.js';
  const tests: Record<string, CsafDocumentTest>;
  export = tests;
}

import { PCIE_LOOKUP_MAX_VALUES, PCIE_UPLOAD_EXTENSIONS } from '@portal/contract';

/** Values of a typed query, split as the server splits them (commas, semicolons, whitespace); duplicates dropped. */
export function parseLookupValues(text: string): string[] {
  const values = text
    .split(/[\s,，;；]+/)
    .map((value) => value.trim().toUpperCase())
    .filter(Boolean);
  return [...new Set(values)];
}

export type LookupProblem = 'empty' | 'tooMany';

/** What stops a typed query before it is sent (the server checks the same). */
export function lookupProblemOf(values: readonly string[]): LookupProblem | undefined {
  if (values.length === 0) return 'empty';
  if (values.length > PCIE_LOOKUP_MAX_VALUES) return 'tooMany';
  return undefined;
}

/** Only .txt lists are accepted (spec 5); the server checks the name and the content again. */
export function isAcceptedListFile(fileName: string): boolean {
  const name = fileName.toLowerCase();
  return PCIE_UPLOAD_EXTENSIONS.some((extension) => name.endsWith(extension));
}

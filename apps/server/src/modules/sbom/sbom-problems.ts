import { SBOM_MAX_PROBLEMS, type SbomProblemCode } from '@portal/contract';

/** One reason an SBOM is refused: its code (also its message's name), where, and the message's values. */
export type SbomProblem = {
  code: SbomProblemCode;
  /** Where in the document: `metadata.timestamp`, `components[3].supplier`, `$` for the whole. */
  field: string;
  params?: Record<string, string | number>;
};

/** Collects problems up to SBOM_MAX_PROBLEMS; past that only counts them (a broken file can have thousands). */
export class ProblemList {
  readonly items: SbomProblem[] = [];
  private more = 0;

  add(problem: SbomProblem): void {
    if (this.items.length < SBOM_MAX_PROBLEMS) this.items.push(problem);
    else this.more += 1;
  }

  get empty(): boolean {
    return this.items.length === 0;
  }

  /** The list as answered: the last entry says how many were left out. */
  all(): SbomProblem[] {
    if (this.more === 0) return this.items;
    return [...this.items, { code: 'SBOM_MORE_PROBLEMS', field: '$', params: { count: this.more } }];
  }
}

/** `/components/3/supplier` (a JSON pointer) as `components[3].supplier`. */
export function fieldOfPointer(pointer: string): string {
  if (pointer === '') return '$';
  let field = '';
  for (const raw of pointer.split('/').slice(1)) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    field += /^\d+$/.test(part) ? `[${part}]` : field === '' ? part : `.${part}`;
  }
  return field;
}

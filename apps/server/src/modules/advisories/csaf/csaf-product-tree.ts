import type { AdvisorySnapshot } from '@portal/contract';

type Locale = 'en-US' | 'zh-CN';

export type CsafBranch = {
  category: 'vendor' | 'product_name' | 'product_version' | 'product_version_range';
  name: string;
  branches?: CsafBranch[];
  product?: { name: string; product_id: string };
};

export type CsafProductTree = {
  tree: { branches: CsafBranch[] };
  /** Version ranges that are affected (`known_affected`). */
  affectedIds: string[];
  /** Versions that fix it (`fixed`). */
  fixedIds: string[];
};

type Leaf = { category: 'product_version' | 'product_version_range'; name: string };
type Product = { name: string; leaves: Map<string, Leaf> };

/**
 * vendor -> product (a model or part number, one firmware kind; or a catalogue item of a fixed
 * version) -> affected ranges and fixed versions. Products are keyed and ordered by what does not
 * depend on the language (model id, part number, item code), so both languages' documents give
 * every product the same id: CSAFPID-0001, -0002, ... in the order they appear.
 */
export function buildProductTree(
  snapshot: AdvisorySnapshot,
  vendor: string,
  locale: Locale,
): CsafProductTree {
  const products = new Map<string, Product>();
  const productOf = (key: string, name: string) => {
    const product = products.get(key) ?? { name, leaves: new Map<string, Leaf>() };
    products.set(key, product);
    return product;
  };

  for (const row of snapshot.affected) {
    const owner = row.modelId !== null ? `model:${row.modelId}` : `pn:${row.pn ?? row.productName}`;
    const product = productOf(`${owner}|${row.kind}`, `${row.productName} ${row.kind}`);
    const range = versRange(row.affectedFrom, row.fixedIn);
    product.leaves.set(`range:${range}`, { category: 'product_version_range', name: range });
    product.leaves.set(`version:${row.fixedIn}`, { category: 'product_version', name: row.fixedIn });
  }
  for (const fixed of snapshot.fixedVersions) {
    const itemName =
      locale === 'zh-CN' ? fixed.itemNameZh || fixed.itemNameEn : fixed.itemNameEn || fixed.itemNameZh;
    const product = productOf(`item:${fixed.itemCode}|${fixed.kind}`, itemName || fixed.itemCode);
    product.leaves.set(`version:${fixed.version}`, { category: 'product_version', name: fixed.version });
  }

  const affectedIds: string[] = [];
  const fixedIds: string[] = [];
  let next = 1;
  const productBranches = [...products.values()].map((product): CsafBranch => {
    const leaves = [...product.leaves.values()].sort(
      (a, b) =>
        Number(b.category === 'product_version_range') - Number(a.category === 'product_version_range'),
    );
    return {
      category: 'product_name',
      name: product.name,
      branches: leaves.map((leaf) => {
        const productId = `CSAFPID-${String(next++).padStart(4, '0')}`;
        (leaf.category === 'product_version_range' ? affectedIds : fixedIds).push(productId);
        return {
          category: leaf.category,
          name: leaf.name,
          product: { name: `${vendor} ${product.name} ${leaf.name}`, product_id: productId },
        };
      }),
    };
  });
  return {
    tree: { branches: [{ category: 'vendor', name: vendor, branches: productBranches }] },
    affectedIds,
    fixedIds,
  };
}

/**
 * The affected range in `vers` notation (github.com/package-url/purl-spec, VERSION-RANGE-SPEC):
 * `vers:generic/>=1.2|<1.5`, or `vers:generic/<1.5` when every earlier version is affected. The
 * portal's own version order is what `generic` means here.
 */
export function versRange(from: string | null, fixedIn: string): string {
  const constraints = from
    ? [`>=${versVersion(from)}`, `<${versVersion(fixedIn)}`]
    : [`<${versVersion(fixedIn)}`];
  return `vers:generic/${constraints.join('|')}`;
}

/** A version inside `vers`: characters of the grammar (`|`, `<`, `/`, `%`, spaces, ...) percent-encoded. */
function versVersion(version: string): string {
  return [...version]
    .map((character) =>
      /^[A-Za-z0-9.\-_~+]$/.test(character)
        ? character
        : [...Buffer.from(character, 'utf8')]
            .map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)
            .join(''),
    )
    .join('');
}

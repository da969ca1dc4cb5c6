import type { AdvisorySnapshot } from '@portal/contract';
import { compareVersions } from '@portal/contract/version-order';
import { type VexJustification, type VexStatus, vexStatusOf } from '@portal/contract/vex';
import { cpeOf, firmwareNameOf, purlOf } from './csaf-identifiers';

type Locale = 'en-US' | 'zh-CN';

type Helper = { cpe?: string; purl?: string; model_numbers?: string[]; skus?: string[] };

export type CsafBranch = {
  category: 'vendor' | 'product_family' | 'product_name' | 'product_version' | 'product_version_range';
  name: string;
  branches?: CsafBranch[];
  product?: { name: string; product_id: string; product_identification_helper: Helper };
};

/** An affected-product row of a snapshot, with its VEX status (rows before issue 43 have none). */
export type CsafRow = Omit<AdvisorySnapshot['affected'][number], 'fixedIn'> & {
  fixedIn: string | null;
  status?: VexStatus;
  justification?: VexJustification | null;
  impactZh?: string;
  impactEn?: string;
};

/**
 * What the catalogue knew at approval, for the product tree: each model's family, and the
 * versions released or shipped for each product (`csafProductKeyOf`), so a range is written as
 * the versions it holds (the structure CSAF recommends, informative tests 6.3.9 and 6.3.10).
 */
export type CsafCatalogue = { families: Record<number, string>; versions: Record<string, string[]> };
export const EMPTY_CATALOGUE: CsafCatalogue = { families: {}, versions: {} };

export const csafProductKeyOf = (row: { modelId: number | null; pn: string | null; kind: string }) =>
  row.modelId !== null ? `model:${row.modelId}|${row.kind}` : `pn:${row.pn ?? ''}|${row.kind}`;

/** One product id's status and, for `known_not_affected`, the row that says why. */
export type CsafStatusEntry = { productId: string; status: VexStatus; row: CsafRow | null };

export type CsafProductTree = {
  tree: { branches: CsafBranch[] };
  /** Every product id with its status, in tree order. */
  statuses: CsafStatusEntry[];
};

type Leaf = {
  category: 'product_version' | 'product_version_range';
  name: string;
  status: VexStatus;
  row: CsafRow | null;
  helper: Helper;
};
type Product = { family: string; name: string; leaves: Map<string, Leaf> };

/**
 * vendor -> product family (the model's family; PCIe cards; firmware packages) -> product (a model
 * or part number and one firmware kind; or the catalogue item of a fixed version) -> one
 * product_version per version, each with its status and identification helpers. A range holding
 * no known version stays a product_version_range in `vers` notation. Products are keyed and
 * ordered by what does not depend on the language (model id, part number, item code, version
 * order), so both languages' documents give every product the same id: CSAFPID-0001, ...
 */
export function buildProductTree(
  snapshot: Pick<AdvisorySnapshot, 'fixedVersions'> & { affected: CsafRow[] },
  vendor: string,
  locale: Locale,
  catalogue: CsafCatalogue = EMPTY_CATALOGUE,
  packagesFamily = 'Firmware packages',
): CsafProductTree {
  const products = new Map<string, Product>();
  const productOf = (key: string, family: string, name: string) => {
    const product = products.get(key) ?? { family, name, leaves: new Map<string, Leaf>() };
    products.set(key, product);
    return product;
  };
  const versionLeaf = (
    product: Product,
    version: string,
    status: VexStatus,
    row: CsafRow | null,
    helper: Helper,
  ) => {
    // The first row to speak of a version decides (implied fixes come last).
    if (!product.leaves.has(`version:${version}`))
      product.leaves.set(`version:${version}`, {
        category: 'product_version',
        name: version,
        status,
        row,
        helper,
      });
  };

  const implied: { product: Product; row: CsafRow; owner: string }[] = [];
  for (const row of snapshot.affected) {
    const owner = row.modelId !== null ? row.productName : (row.pn ?? row.productName);
    const family = row.modelId !== null ? (catalogue.families[row.modelId] ?? row.productName) : 'PCIe';
    const product = productOf(csafProductKeyOf(row), family, `${row.productName} ${row.kind}`);
    // A model's code or a card's part number: what the customer's inventory calls the hardware.
    const identity = { model_numbers: [owner] };
    const helperOf = (version: string): Helper => ({
      cpe: cpeOf(vendor, firmwareNameOf(owner, row.kind).replace(/-/g, '_'), version),
      purl: purlOf(vendor, firmwareNameOf(owner, row.kind), version),
      ...identity,
    });
    const status = vexStatusOf(row);
    const known = catalogue.versions[csafProductKeyOf(row)] ?? [];
    const inRange = known.filter((version) => within(version, row.affectedFrom, row.fixedIn));
    if (row.affectedFrom) inRange.unshift(row.affectedFrom);
    for (const version of inRange) versionLeaf(product, version, status, row, helperOf(version));
    if (inRange.length === 0) {
      const range = versRange(row.affectedFrom, row.fixedIn);
      product.leaves.set(`range:${range}:${status}`, {
        category: 'product_version_range',
        name: range,
        status,
        row,
        helper: identity,
      });
    }
    if (status === 'known_affected' && row.fixedIn) {
      versionLeaf(product, row.fixedIn, 'fixed', null, helperOf(row.fixedIn));
      implied.push({ product, row, owner });
    }
  }
  // Later known versions of a fixed product carry the fix too: a scanner finds each of them.
  for (const { product, row, owner } of implied) {
    for (const version of catalogue.versions[csafProductKeyOf(row)] ?? []) {
      if (row.fixedIn && compareVersions(version, row.fixedIn) > 0)
        versionLeaf(product, version, 'fixed', null, {
          cpe: cpeOf(vendor, firmwareNameOf(owner, row.kind).replace(/-/g, '_'), version),
          purl: purlOf(vendor, firmwareNameOf(owner, row.kind), version),
          model_numbers: [owner],
        });
    }
  }
  for (const fixed of snapshot.fixedVersions) {
    const itemName =
      locale === 'zh-CN' ? fixed.itemNameZh || fixed.itemNameEn : fixed.itemNameEn || fixed.itemNameZh;
    const product = productOf(
      `item:${fixed.itemCode}|${fixed.kind}`,
      packagesFamily,
      itemName || fixed.itemCode,
    );
    versionLeaf(product, fixed.version, 'fixed', null, {
      cpe: cpeOf(vendor, fixed.itemCode, fixed.version),
      purl: purlOf(vendor, fixed.itemCode, fixed.version),
      skus: [fixed.itemCode],
    });
  }

  const statuses: CsafStatusEntry[] = [];
  let next = 1;
  const families = new Map<string, CsafBranch[]>();
  for (const product of products.values()) {
    const leaves = [...product.leaves.values()].sort(
      (a, b) =>
        Number(b.category === 'product_version_range') - Number(a.category === 'product_version_range') ||
        (a.category === 'product_version' ? compareVersions(a.name, b.name) : 0),
    );
    const branch: CsafBranch = {
      category: 'product_name',
      name: product.name,
      branches: leaves.map((leaf) => {
        const productId = `CSAFPID-${String(next++).padStart(4, '0')}`;
        statuses.push({ productId, status: leaf.status, row: leaf.row });
        return {
          category: leaf.category,
          name: leaf.name,
          product: {
            name: `${vendor} ${product.name} ${leaf.name}`,
            product_id: productId,
            product_identification_helper: leaf.helper,
          },
        };
      }),
    };
    families.set(product.family, [...(families.get(product.family) ?? []), branch]);
  }
  const familyBranches = [...families].map(([name, branches]): CsafBranch => ({
    category: 'product_family',
    name,
    branches,
  }));
  return {
    tree: { branches: [{ category: 'vendor', name: vendor, branches: familyBranches }] },
    statuses,
  };
}

/** `from` (inclusive; null: every earlier version) up to `before` (exclusive; null: every later one). */
function within(version: string, from: string | null, before: string | null): boolean {
  if (from && compareVersions(version, from) <= 0) return false;
  return before === null || compareVersions(version, before) < 0;
}

/**
 * A range in `vers` notation (github.com/package-url/purl-spec, VERSION-RANGE-SPEC):
 * `vers:generic/>=1.2|<1.5`, `vers:generic/<1.5` when every earlier version is meant,
 * `vers:generic/*` for every version. The portal's own version order is what `generic` means here.
 */
export function versRange(from: string | null, before: string | null): string {
  const constraints = [
    ...(from ? [`>=${versVersion(from)}`] : []),
    ...(before ? [`<${versVersion(before)}`] : []),
  ];
  return `vers:generic/${constraints.length > 0 ? constraints.join('|') : '*'}`;
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

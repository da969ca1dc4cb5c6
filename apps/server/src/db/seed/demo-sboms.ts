import { createHash } from 'node:crypto';

/**
 * The demo catalogue's SBOMs (issue 43): CycloneDX 1.6 documents a BMC, BIOS or device firmware
 * build would really carry, so VEX triage ("which versions contain openssl < 3.0.8") has true
 * answers to find. Deterministic: the same catalogue gives the same SBOMs (timestamps are the
 * release dates, serial numbers derived from the item and version).
 *
 * Versions move on from release to release, and the M6 family lags a step behind: M6's BMC
 * releases carry OpenSSL 1.1.1w, 3.0.7 and 3.0.9, M7's and A7's 3.0.7, 3.0.9 and 3.0.13, the M7
 * early-access build 3.2.1.
 */

/** One component line: name, purl type/namespace, supplier, licence, CPE vendor:product, versions by step. */
type Part = {
  name: string;
  purl: (version: string) => string;
  supplier: string;
  licence: string;
  cpe?: string;
  /** The CPE part: 'o' for operating systems as NVD files the Linux kernel and FreeRTOS. */
  cpePart?: 'a' | 'o';
  versions: string[];
  type?: 'library' | 'operating-system' | 'firmware' | 'application';
};

const generic = (name: string) => (v: string) => `pkg:generic/${name}@${v}`;
const github = (path: string) => (v: string) => `pkg:github/${path}@${v}`;

const OPENSSL: Part = {
  name: 'openssl',
  purl: generic('openssl'),
  supplier: 'OpenSSL Software Foundation',
  licence: 'Apache-2.0',
  cpe: 'openssl:openssl',
  versions: ['1.1.1w', '3.0.7', '3.0.9', '3.0.13', '3.2.1'],
};
const ZLIB: Part = {
  name: 'zlib',
  purl: generic('zlib'),
  supplier: 'Jean-loup Gailly and Mark Adler',
  licence: 'Zlib',
  cpe: 'zlib:zlib',
  versions: ['1.2.12', '1.2.13', '1.2.13', '1.3.1', '1.3.1'],
};

const BMC_PARTS: Part[] = [
  {
    name: 'linux-kernel',
    purl: generic('linux-kernel'),
    supplier: 'The Linux Kernel Organization',
    licence: 'GPL-2.0-only',
    cpe: 'linux:linux_kernel',
    cpePart: 'o',
    versions: ['5.10.149', '5.15.71', '5.15.120', '6.1.55', '6.6.21'],
    type: 'operating-system',
  },
  {
    name: 'u-boot',
    purl: github('u-boot/u-boot'),
    supplier: 'DENX Software Engineering',
    licence: 'GPL-2.0-or-later',
    cpe: 'denx:u-boot',
    versions: ['2022.01', '2022.04', '2023.01', '2023.10', '2024.01'],
    type: 'firmware',
  },
  {
    name: 'busybox',
    purl: generic('busybox'),
    supplier: 'BusyBox project',
    licence: 'GPL-2.0-only',
    cpe: 'busybox:busybox',
    versions: ['1.34.1', '1.35.0', '1.36.0', '1.36.1', '1.36.1'],
    type: 'application',
  },
  OPENSSL,
  {
    name: 'lighttpd',
    purl: generic('lighttpd'),
    supplier: 'lighttpd project',
    licence: 'BSD-3-Clause',
    cpe: 'lighttpd:lighttpd',
    versions: ['1.4.64', '1.4.67', '1.4.69', '1.4.73', '1.4.76'],
    type: 'application',
  },
  {
    name: 'dropbear',
    purl: generic('dropbear'),
    supplier: 'Matt Johnston',
    licence: 'MIT',
    cpe: 'dropbear_ssh_project:dropbear_ssh',
    versions: ['2020.81', '2022.82', '2022.83', '2022.83', '2024.84'],
    type: 'application',
  },
  {
    name: 'curl',
    purl: generic('curl'),
    supplier: 'curl project',
    licence: 'curl',
    cpe: 'haxx:curl',
    versions: ['7.79.1', '7.86.0', '8.1.2', '8.5.0', '8.6.0'],
  },
  {
    name: 'glibc',
    purl: generic('glibc'),
    supplier: 'GNU project',
    licence: 'LGPL-2.1-or-later',
    cpe: 'gnu:glibc',
    versions: ['2.34', '2.35', '2.36', '2.38', '2.39'],
  },
  ZLIB,
  {
    name: 'libxml2',
    purl: generic('libxml2'),
    supplier: 'GNOME project',
    licence: 'MIT',
    cpe: 'xmlsoft:libxml2',
    versions: ['2.9.12', '2.9.14', '2.10.3', '2.11.5', '2.12.5'],
  },
  {
    name: 'phosphor-bmcweb',
    purl: github('openbmc/bmcweb'),
    supplier: 'OpenBMC project',
    licence: 'Apache-2.0',
    versions: ['1.0.2022.05', '1.0.2022.10', '1.0.2023.06', '1.0.2024.01', '1.0.2024.03'],
    type: 'application',
  },
];

const BIOS_PARTS: Part[] = [
  {
    name: 'edk2',
    purl: github('tianocore/edk2'),
    supplier: 'TianoCore',
    licence: 'BSD-2-Clause-Patent',
    cpe: 'tianocore:edk2',
    versions: [
      'edk2-stable202202',
      'edk2-stable202205',
      'edk2-stable202211',
      'edk2-stable202305',
      'edk2-stable202311',
    ],
    type: 'firmware',
  },
  { ...OPENSSL, versions: ['1.1.1q', '1.1.1t', '3.0.7', '3.0.9', '3.0.13'] },
  ZLIB,
  {
    name: 'intel-microcode',
    purl: github('intel/intel-linux-processor-microcode-data-files'),
    supplier: 'Intel Corporation',
    licence: 'LicenseRef-Intel-Microcode',
    versions: ['20220809', '20230214', '20230808', '20231114', '20240312'],
    type: 'firmware',
  },
];

/** Controllers, NICs, PSUs and the rest: an RTOS and a TLS library. */
const DEVICE_PARTS: Part[] = [
  {
    name: 'freertos-kernel',
    purl: github('freertos/freertos-kernel'),
    supplier: 'Amazon Web Services',
    licence: 'MIT',
    cpe: 'amazon:freertos',
    cpePart: 'o',
    versions: ['10.4.3', '10.4.6', '10.5.1', '10.6.1', '11.0.1'],
    type: 'operating-system',
  },
  {
    name: 'mbedtls',
    purl: github('mbed-tls/mbedtls'),
    supplier: 'Trusted Firmware',
    licence: 'Apache-2.0',
    cpe: 'arm:mbed_tls',
    versions: ['2.28.0', '2.28.2', '3.4.0', '3.5.2', '3.6.0'],
  },
];

const PARTS_BY_KIND: Record<string, Part[]> = { BMC: BMC_PARTS, BIOS: BIOS_PARTS };
/** Kinds whose demo versions carry an SBOM. */
export const SBOM_KINDS = new Set(['BMC', 'BIOS', 'PSU', 'DISK', 'NIC', 'CPLD', 'RAID']);

/** Which step of the parts' versions a release takes: the family's lag plus the release's place. */
function stepOf(itemCode: string, version: string, index: number): number {
  if (/-rc\d*$/.test(version)) return 4;
  const lag = itemCode.startsWith('m6-') ? 0 : 1;
  return Math.min(lag + index, 4);
}

const uuidOf = (text: string) => {
  const hex = createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/**
 * The CycloneDX 1.6 SBOM of one demo version: the vendor as author, the release day as
 * timestamp, the firmware file as top component (with its SHA-512), each part with supplier,
 * licence, purl and (where NVD has one) a CPE.
 */
export function demoSbom(
  item: { code: string; kind: string; nameEn: string },
  version: { version: string; releaseDate: string },
  index: number,
  file: { fileName: string; sha512: string },
): Record<string, unknown> {
  const step = stepOf(item.code, version.version, index);
  const parts = PARTS_BY_KIND[item.kind] ?? DEVICE_PARTS;
  return {
    bomFormat: 'CycloneDX',
    specVersion: '1.6',
    serialNumber: `urn:uuid:${uuidOf(`${item.code}@${version.version}`)}`,
    version: 1,
    metadata: {
      timestamp: `${version.releaseDate}T08:00:00Z`,
      authors: [{ name: 'Example Servers firmware team', email: 'firmware@example.com' }],
      manufacturer: { name: 'Example Servers Co., Ltd.', url: ['https://www.example.com'] },
      component: {
        type: 'firmware',
        'bom-ref': `${item.code}@${version.version}`,
        name: item.nameEn,
        version: version.version,
        supplier: { name: 'Example Servers Co., Ltd.' },
        licenses: [{ license: { name: 'Example Servers firmware licence' } }],
        purl: `pkg:generic/example-servers/${item.code}@${version.version}`,
        hashes: [{ alg: 'SHA-512', content: file.sha512 }],
        properties: [{ name: 'portal:fileName', value: file.fileName }],
      },
    },
    components: parts.map((part) => {
      const partVersion = part.versions[step] ?? part.versions[part.versions.length - 1] ?? '';
      return {
        type: part.type ?? 'library',
        'bom-ref': `${part.name}@${partVersion}`,
        supplier: { name: part.supplier },
        name: part.name,
        version: partVersion,
        licenses: [
          part.licence.startsWith('LicenseRef-')
            ? { license: { name: part.licence.slice('LicenseRef-'.length).replace(/-/g, ' ') } }
            : { license: { id: part.licence } },
        ],
        purl: part.purl(partVersion),
        ...(part.cpe && { cpe: `cpe:2.3:${part.cpePart ?? 'a'}:${part.cpe}:${partVersion}:*:*:*:*:*:*:*` }),
      };
    }),
  };
}

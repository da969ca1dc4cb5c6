import { ADVISORY_SEVERITIES, type AdvisorySeverity, type CvssScore } from '@portal/contract';
// The package is CommonJS: Node's ESM loader (the bundled server) only sees its default export.
import cvssCalculator from 'ae-cvss-calculator';
import { AppError } from '../../../lib/app-error';

const { Cvss3P1, Cvss4P0 } = cvssCalculator;

type CvssVersion = CvssScore['version'];
type Calculator = InstanceType<typeof Cvss3P1> | InstanceType<typeof Cvss4P0>;

const PREFIX: Record<CvssVersion, string> = { '3.1': 'CVSS:3.1/', '4.0': 'CVSS:4.0/' };

/**
 * Base score and rating of a CVSS v3.1 vector (`CVSS:3.1/AV:N/...`), as CSAF's `cvss_v3` carries
 * them. Temporal and environmental metrics may follow; they do not change the base score.
 */
export function scoreCvss31(vector: string): CvssScore {
  const calculator = parse(vector, '3.1', (text) => new Cvss3P1(text));
  const base = calculator.createJsonSchema() as { baseScore?: number; baseSeverity?: string };
  return scoreOf(vector, '3.1', base.baseScore, base.baseSeverity);
}

/**
 * CVSS-B of a CVSS v4.0 vector: the score of its base metrics alone. Threat, environmental and
 * supplemental metrics are accepted and kept in the vector, but a base score that moved with
 * them (CVSS-BT, CVSS-BTE) could not be compared with the v3.1 base score shown beside it.
 */
export function scoreCvss40(vector: string): CvssScore {
  const calculator = parse(vector, '4.0', (text) => new Cvss4P0(text));
  const baseOnly = new Cvss4P0(baseMetricsOf(calculator));
  const base = baseOnly.createJsonSchema() as { baseScore?: number; baseSeverity?: string };
  return scoreOf(vector, '4.0', base.baseScore, base.baseSeverity);
}

/**
 * The calculator is lenient (a missing metric counts as "not defined", a repeated one silently
 * wins, `CVSS:3.0/` is read as 3.1), so the vector's form is checked here first: the right prefix,
 * `KEY:VALUE` pairs, each key once, every base metric given.
 */
function parse(vector: string, version: CvssVersion, create: (text: string) => Calculator): Calculator {
  const invalid = () => invalidVector(vector);
  if (!vector.startsWith(PREFIX[version])) throw invalid();
  const pairs = vector.slice(PREFIX[version].length).split('/');
  const keys = new Set<string>();
  for (const pair of pairs) {
    const match = /^([A-Za-z]+):([A-Za-z])$/.exec(pair);
    if (!match || keys.has(match[1]!)) throw invalid();
    keys.add(match[1]!);
  }
  let calculator: Calculator;
  try {
    calculator = create(vector);
  } catch {
    throw invalid();
  }
  if (!calculator.isBaseFullyDefined()) throw invalid();
  return calculator;
}

/** `CVSS:4.0/` and the base metrics of a parsed vector, in the specification's order. */
function baseMetricsOf(calculator: Calculator): string {
  const [baseCategory] = calculator.getRegisteredComponents().values();
  const parts = (baseCategory ?? []).map(
    (component) => `${component.shortName}:${calculator.getComponent(component).shortName}`,
  );
  return `${PREFIX['4.0']}${parts.join('/')}`;
}

function scoreOf(vector: string, version: CvssVersion, baseScore?: number, baseSeverity?: string): CvssScore {
  if (baseScore === undefined || !isSeverity(baseSeverity)) throw invalidVector(vector);
  return { vector, version, baseScore, baseSeverity };
}

function isSeverity(value: string | undefined): value is AdvisorySeverity {
  return ADVISORY_SEVERITIES.includes(value as AdvisorySeverity);
}

function invalidVector(vector: string): AppError {
  return new AppError('ADVISORY_CVSS_INVALID', { params: { vector } });
}

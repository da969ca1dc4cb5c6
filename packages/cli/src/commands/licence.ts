import { writeFile } from 'node:fs/promises';
import { CliError } from '../cli-error.ts';
import { type Context, listOption, positiveInteger, printJson, say, stringOption } from '../context.ts';
import { EXIT, type ExitCode } from '../exit-codes.ts';
import { type Activation, API_PATHS, MAX_PAGE_SIZE, type Page, type VerifyCodeSent } from '../portal-api.ts';
import { openSession } from '../session.ts';
import { formatTable } from '../table.ts';
import { withSubcommands } from './subcommands.ts';
import { printable } from '../terminal-text.ts';

function required(ctx: Context, name: string): string {
  const value = name === 'sn' ? listOption(ctx, 'sn')[0] : stringOption(ctx, name);
  if (!value) throw new CliError(EXIT.usage, 'usage.missingOption', { option: `--${name}` });
  return value;
}

/** Licence files hold a signed activation code: private to the user, like the config. */
async function writePrivate(file: string, body: string | Buffer) {
  await writeFile(file, body, { mode: 0o600 });
}

/** `fwportal licence code`: mails the code `licence generate` asks for. */
async function sendCode(ctx: Context): Promise<ExitCode> {
  const { client } = await openSession(ctx);
  const sent = await client.json<VerifyCodeSent>(API_PATHS.licenceVerifyCode);
  if (ctx.json) printJson(ctx, sent);
  else
    say(ctx, 'licence.codeSent', {
      destination: sent.destination,
      minutes: Math.round(sent.expiresInSeconds / 60),
    });
  return EXIT.ok;
}

/** `fwportal licence generate`: an activation code for one machine, against an entitlement I hold. */
async function generate(ctx: Context): Promise<ExitCode> {
  const body = {
    sn: required(ctx, 'sn'),
    machineCode: required(ctx, 'machine-code'),
    product: required(ctx, 'product'),
    version: required(ctx, 'version'),
    nodes: String(positiveInteger(ctx, 'nodes', 1)),
    customerName: required(ctx, 'customer'),
    contacts: required(ctx, 'contacts'),
    contactInfo: required(ctx, 'contact-info'),
    verifyCode: required(ctx, 'verify-code'),
  };
  const { client } = await openSession(ctx);
  const activation = await client.json<Activation>(API_PATHS.licenceGenerate, { method: 'POST', body });
  const out = stringOption(ctx, 'out');
  if (out) await writePrivate(out, `${activation.activationCode}\n`);
  if (ctx.json) printJson(ctx, activation);
  else if (out) say(ctx, 'licence.saved', { file: out, validThrough: activation.validThrough });
  // From the portal, onto the terminal: printable like every other line (`licence file` stays byte-exact).
  else ctx.stdout.write(`${printable(activation.activationCode)}\n`);
  return EXIT.ok;
}

/** `fwportal licence list`: my activation codes, newest first. */
async function list(ctx: Context): Promise<ExitCode> {
  const { client } = await openSession(ctx);
  const page = await client.json<Page<Activation>>(API_PATHS.licenceHistory, {
    query: { pageNo: positiveInteger(ctx, 'page', 1), pageSize: MAX_PAGE_SIZE },
  });
  if (ctx.json) {
    printJson(ctx, page);
    return EXIT.ok;
  }
  const header = ['id', 'sn', 'product', 'version', 'nodes', 'validThrough', 'created'].map((column) =>
    ctx.t(`licence.column.${column}` as Parameters<typeof ctx.t>[0]),
  );
  const rows = page.rows.map((row) => [
    String(row.id),
    row.sn,
    row.productName,
    row.version,
    String(row.nodes),
    row.validThrough,
    row.createTime.slice(0, 10),
  ]);
  ctx.stdout.write(formatTable(header, rows));
  return EXIT.ok;
}

/** `fwportal licence file ID`: one activation code as the portal's file (stdout without --out). */
async function file(ctx: Context): Promise<ExitCode> {
  const id = Number(ctx.positionals[1]);
  if (!Number.isInteger(id) || id < 1)
    throw new CliError(EXIT.usage, 'usage.missingArgument', { argument: 'ID' });
  const { client } = await openSession(ctx);
  const bytes = await client.bytes(API_PATHS.licenceFile(id));
  const out = stringOption(ctx, 'out');
  if (!out) {
    ctx.stdout.write(bytes);
    return EXIT.ok;
  }
  await writePrivate(out, bytes);
  if (ctx.json) printJson(ctx, { id, file: out, bytes: bytes.length });
  else say(ctx, 'licence.fileSaved', { file: out });
  return EXIT.ok;
}

export const LICENCE_SUBCOMMANDS = { code: sendCode, generate, list, file } as const;

export const licence = withSubcommands(LICENCE_SUBCOMMANDS, 'usage.licenceSubcommand');

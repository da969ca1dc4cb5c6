import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/connection';
import { rowsOf } from '../../db/raw-rows';
import { serialNumbers, users } from '../../db/schema';
import { bindSerial, createModel, createServer } from '../../test/catalog-factories';
import { createUser } from '../../test/factories';
import { DRIVERS, openMigratedTestDatabase } from '../../test/test-app';
import { COMPANY_PUNCTUATION } from '../serials/serial.service';
import { decodeReports, type FleetScope, type PlainReport, scopeSerials } from './fleet-scope.repository';

/** What scopeProfiles' SQL writes, in JavaScript: lengths in characters (code points). */
const encode = (reports: PlainReport[]) =>
  reports
    .map((report) =>
      [report.component, report.kind, report.pn, report.slot, report.version]
        .map((value) => (value === null ? '-:' : `${Array.from(value).length}:${value}`))
        .join(''),
    )
    .join('');

describe('decodeReports', () => {
  it('reads back any text: separators, digits, nulls, characters beyond 16 bits', () => {
    const reports: PlainReport[] = [
      { component: 'BMC', kind: 'BMC', pn: null, slot: null, version: '1:2-:3' },
      { component: 'PCIE:PN-1', kind: 'PCIE', pn: 'PN-1', slot: '12', version: '22 v2.7 😀' },
      { component: 'RAID', kind: 'RAID', pn: null, slot: '', version: '-:' },
    ];
    expect(decodeReports(encode(reports))).toEqual(reports);
    expect(decodeReports('')).toEqual([]);
  });

  it('refuses a malformed text instead of looping', () => {
    expect(() => decodeReports('3:BMC3')).toThrow();
  });
});

describe.each(DRIVERS)('the scope ownership rule on %s', (driver) => {
  let database: Database;
  const names = [
    'Scope Co., Ltd.',
    'SCOPE (co) ltd',
    'Scope（中国）·有限_公司',
    `O'Brien "Data" - Co`,
    ' Tab\tand\nnewline ',
    'Ünïcödé İstanbul ΣΑΣ',
    '.,-',
  ];
  const owned = async (scope: FleetScope) =>
    (await rowsOf<{ sn: string }>(database.db, scopeSerials(scope))).map((row) => row.sn).sort();

  beforeAll(async () => {
    database = await openMigratedTestDatabase(driver);
  });
  afterAll(() => database.close());

  it('stores the shipping name normalised exactly as COMPANY_PUNCTUATION does, on insert and edit', async () => {
    const model = await createModel(database.db);
    const sns = [];
    for (const customer of names) sns.push(await createServer(database.db, { modelId: model.id, customer }));
    const differing = () =>
      rowsOf<{ sn: string }>(
        database.db,
        sql`select sn from serial_numbers
            where customer_key is distinct from lower(regexp_replace(customer_name, ${COMPANY_PUNCTUATION}, '', 'g'))`,
      );
    expect(await differing()).toEqual([]);
    await database.db
      .update(serialNumbers)
      .set({ customerName: 'Other (Co)' })
      .where(eq(serialNumbers.sn, sns[0]!.sn));
    expect(await differing()).toEqual([]);
    const [edited] = await database.db
      .select({ key: serialNumbers.customerKey })
      .from(serialNumbers)
      .where(eq(serialNumbers.sn, sns[0]!.sn));
    expect(edited?.key).toBe('otherco');
  });

  it('lists each SN once: shipped to the organisation, or verified by an active account', async () => {
    const model = await createModel(database.db);
    const server = (customer: string) =>
      createServer(database.db, { modelId: model.id, customer }).then((s) => s.sn);
    const [shipped, both, boundOnly, pending, foreign] = [
      await server('Owner Org, Ltd.'),
      await server('OWNER ORG LTD'),
      await server('Someone Else'),
      await server('Someone Else'),
      await server('Someone Else'),
    ];
    const member = await createUser(database.db, { organisation: 'Owner Org Ltd' });
    const other = await createUser(database.db, { organisation: 'Owner Org Ltd' });
    const outsider = await createUser(database.db);
    for (const user of [member, other]) {
      await bindSerial(database.db, user.id, both);
      await bindSerial(database.db, user.id, boundOnly);
    }
    await bindSerial(database.db, member.id, pending, 'pending');
    await bindSerial(database.db, outsider.id, foreign);
    const organisation = member.organisationId!;
    const expected = [shipped, both, boundOnly].sort();
    expect(await owned({ userId: member.id })).toEqual(expected);
    expect(await owned({ organisationId: organisation })).toEqual(expected);
    expect(await owned({ userId: outsider.id })).toEqual([foreign]);
    // A frozen account owns nothing; its organisation keeps what was shipped and what others verified.
    await database.db.update(users).set({ frozen: true }).where(eq(users.id, member.id));
    expect(await owned({ userId: member.id })).toEqual([]);
    expect(await owned({ organisationId: organisation })).toEqual(expected);
    await database.db.update(users).set({ frozen: true }).where(eq(users.id, other.id));
    expect(await owned({ organisationId: organisation })).toEqual([shipped, both].sort());
  });
});

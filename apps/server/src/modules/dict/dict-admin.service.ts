import {
  ADMIN_CODE_PATTERN,
  type DictTypeInput,
  dictTypeInputSchema,
  type DictTypeRow,
  type DictValueInput,
  dictValueInputSchema,
  type DictValueRow,
  INDUSTRY_DICT_CODE,
} from '@portal/contract';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { dictTypes, dictValues } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { refuseDuplicate } from '../../lib/pg-errors';
import type { AuditActor, AuditService, AuditTarget } from '../audit/audit.service';

/** Dictionaries the portal looks up by code (registration offers the industries). */
const CODES_IN_USE: readonly string[] = [INDUSTRY_DICT_CODE];

function checkCode(code: string) {
  if (!ADMIN_CODE_PATTERN.test(code))
    throw AppError.invalidFields([{ field: 'code', messageKey: 'FIELD_CODE_PATTERN' }]);
}

/**
 * Staff edit dictionary types and their values (GET /api/sysDictType/tree answers them to
 * every signed-in client). Codes are unique (types overall, values within their type); a type
 * is deleted only once it has no values.
 */
export class DictAdminService {
  constructor(
    private readonly db: Db,
    private readonly deps: { audit: AuditService },
  ) {}

  async types(): Promise<DictTypeRow[]> {
    return this.db
      .select({
        id: dictTypes.id,
        code: dictTypes.code,
        nameZh: dictTypes.nameZh,
        nameEn: dictTypes.nameEn,
        sort: dictTypes.sort,
        // Spelled out: drizzle leaves column names unqualified inside a raw subquery.
        valueCount: sql<number>`(select count(*) from "dict_values" v where v."type_id" = "dict_types"."id")::int`,
      })
      .from(dictTypes)
      .orderBy(asc(dictTypes.sort), asc(dictTypes.id));
  }

  async values(typeId: number): Promise<DictValueRow[]> {
    await this.type(typeId);
    const rows = await this.db
      .select()
      .from(dictValues)
      .where(eq(dictValues.typeId, typeId))
      .orderBy(asc(dictValues.sort), asc(dictValues.id));
    return rows.map(({ remark: _remark, ...row }) => row);
  }

  async createType(staff: AuditActor, input: DictTypeInput): Promise<DictTypeRow> {
    const data = dictTypeInputSchema.parse(input);
    checkCode(data.code);
    const id = await this.unique(data.code, () =>
      this.db.transaction(async (tx) => {
        const [row] = await tx.insert(dictTypes).values(data).returning({ id: dictTypes.id });
        if (!row) throw new Error('dictionary type not stored');
        await this.deps.audit.record(staff, 'dict.type.create', { type: 'dictType', id: row.id }, data, tx);
        return row.id;
      }),
    );
    return this.typeRow(id);
  }

  async updateType(staff: AuditActor, id: number, input: DictTypeInput): Promise<DictTypeRow> {
    const data = dictTypeInputSchema.parse(input);
    checkCode(data.code);
    const before = await this.type(id);
    if (before.code !== data.code && CODES_IN_USE.includes(before.code))
      throw AppError.invalidFields([{ field: 'code', messageKey: 'FIELD_DICT_BUILT_IN' }]);
    await this.unique(data.code, () =>
      this.db.transaction(async (tx) => {
        await tx.update(dictTypes).set(data).where(eq(dictTypes.id, id));
        await this.recordUpdate(staff, 'dict.type.update', { type: 'dictType', id }, before, data, tx);
      }),
    );
    return this.typeRow(id);
  }

  async removeType(staff: AuditActor, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      // Locked so that a value added meanwhile either waits (and then fails its foreign key) or is counted.
      const [type] = await tx.select().from(dictTypes).where(eq(dictTypes.id, id)).for('update');
      if (!type) throw new AppError('DICT_NOT_FOUND');
      const [values] = await tx.select({ value: count() }).from(dictValues).where(eq(dictValues.typeId, id));
      if ((values?.value ?? 0) > 0)
        throw new AppError('DICT_TYPE_HAS_VALUES', {
          params: { code: type.code, count: values?.value ?? 0 },
        });
      await tx.delete(dictTypes).where(eq(dictTypes.id, id));
      await this.deps.audit.record(
        staff,
        'dict.type.delete',
        { type: 'dictType', id },
        { code: type.code },
        tx,
      );
    });
  }

  async createValue(staff: AuditActor, input: DictValueInput): Promise<DictValueRow> {
    const data = dictValueInputSchema.parse(input);
    checkCode(data.code);
    await this.type(data.typeId);
    return this.unique(data.code, () =>
      this.db.transaction(async (tx) => {
        const [row] = await tx.insert(dictValues).values(data).returning();
        if (!row) throw new Error('dictionary value not stored');
        await this.deps.audit.record(staff, 'dict.value.create', { type: 'dictValue', id: row.id }, data, tx);
        const { remark: _remark, ...value } = row;
        return value;
      }),
    );
  }

  /** The type of a value is fixed once created; `typeId` in the input is ignored. */
  async updateValue(staff: AuditActor, id: number, input: DictValueInput): Promise<DictValueRow> {
    const before = await this.value(id);
    const data = { ...dictValueInputSchema.parse(input), typeId: before.typeId };
    checkCode(data.code);
    return this.unique(data.code, () =>
      this.db.transaction(async (tx) => {
        const [row] = await tx.update(dictValues).set(data).where(eq(dictValues.id, id)).returning();
        if (!row) throw new AppError('DICT_NOT_FOUND');
        await this.recordUpdate(staff, 'dict.value.update', { type: 'dictValue', id }, before, data, tx);
        const { remark: _remark, ...value } = row;
        return value;
      }),
    );
  }

  async removeValue(staff: AuditActor, id: number): Promise<void> {
    const value = await this.value(id);
    await this.db.transaction(async (tx) => {
      await tx.delete(dictValues).where(eq(dictValues.id, id));
      await this.deps.audit.record(
        staff,
        'dict.value.delete',
        { type: 'dictValue', id },
        { typeId: value.typeId, code: value.code },
        tx,
      );
    });
  }

  /** A type's and a value's update audit alike: the code and names before, the whole input after. */
  private recordUpdate(
    staff: AuditActor,
    action: 'dict.type.update' | 'dict.value.update',
    target: AuditTarget,
    before: { code: string; nameZh: string; nameEn: string },
    after: object,
    tx: Pick<Db, 'insert'>,
  ) {
    const names = { code: before.code, nameZh: before.nameZh, nameEn: before.nameEn };
    return this.deps.audit.record(staff, action, target, { before: names, after }, tx);
  }

  private async type(id: number) {
    const [type] = await this.db.select().from(dictTypes).where(eq(dictTypes.id, id)).limit(1);
    if (!type) throw new AppError('DICT_NOT_FOUND');
    return type;
  }

  private async typeRow(id: number): Promise<DictTypeRow> {
    const row = (await this.types()).find((type) => type.id === id);
    if (!row) throw new AppError('DICT_NOT_FOUND');
    return row;
  }

  private async value(id: number) {
    const [value] = await this.db.select().from(dictValues).where(eq(dictValues.id, id)).limit(1);
    if (!value) throw new AppError('DICT_NOT_FOUND');
    return value;
  }

  /** The unique index settles two saves racing for the same code. */
  private unique<T>(code: string, work: () => Promise<T>): Promise<T> {
    return refuseDuplicate(work, () => AppError.duplicateField('DICT_CODE_EXISTS', 'code', code));
  }
}

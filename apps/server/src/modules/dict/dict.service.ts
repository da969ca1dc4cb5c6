import type { DictNode, Locale } from '@portal/contract';
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/connection';
import { dictTypes, dictValues } from '../../db/schema';

/** The dictionary tree of the console family: types at the root, their values as children. */
export async function dictTree(db: Db, locale: Locale): Promise<DictNode[]> {
  const [types, values] = await Promise.all([
    db.select().from(dictTypes).orderBy(asc(dictTypes.sort), asc(dictTypes.id)),
    db.select().from(dictValues).orderBy(asc(dictValues.sort), asc(dictValues.id)),
  ]);
  const name = (row: { nameZh: string; nameEn: string }) => (locale === 'zh-CN' ? row.nameZh : row.nameEn);
  return types.map((type) => ({
    id: type.id,
    pid: 0,
    code: type.code,
    name: name(type),
    children: values
      .filter((value) => value.typeId === type.id)
      .map((value) => ({ id: value.id, pid: type.id, code: value.code, name: name(value), children: [] })),
  }));
}

/** The values of one dictionary type, e.g. the industries the registration form offers. */
export async function dictValuesOf(db: Db, typeCode: string, locale: Locale): Promise<DictNode[]> {
  const tree = await dictTree(db, locale);
  return tree.find((type) => type.code === typeCode)?.children ?? [];
}

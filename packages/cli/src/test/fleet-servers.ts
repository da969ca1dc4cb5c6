import { eq } from 'drizzle-orm';
import type { Db } from '../../../../apps/server/src/db/connection';
import { serialNumbers, serverModels, userSerials } from '../../../../apps/server/src/db/schema';

/** The seeded catalogue has seven kinds of firmware for this model (BMC, BIOS, PSU, DISK, NIC, CPLD, RAID). */
export const FLEET_MODEL = 'M7-2U';

/** Ships `sns` of `model` and binds them to the user as verified servers (what fleet resolve reads). */
export async function bindServers(db: Db, userId: number, sns: string[], model = FLEET_MODEL) {
  const [row] = await db.select().from(serverModels).where(eq(serverModels.code, model));
  if (!row) throw new Error(`no model ${model}`);
  await db.insert(serialNumbers).values(
    sns.map((sn) => ({
      sn,
      modelId: row.id,
      customerName: 'Fleet Test Co',
      shipDate: '2025-01-15',
      installedFirmware: { BMC: '4.0.1', BIOS: '6.0.1' },
    })),
  );
  const now = new Date();
  await db
    .insert(userSerials)
    .values(sns.map((sn) => ({ userId, sn, state: 'verified', boundAt: now, verifiedAt: now })));
}

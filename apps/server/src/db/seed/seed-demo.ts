import { inArray } from 'drizzle-orm';
import { normaliseCompany } from '../../modules/serials/serial.service';
import type { Db } from '../connection';
import {
  entitlementSerials,
  entitlements,
  notices,
  organisations,
  serialNumbers,
  serverModels,
  userRoles,
  users,
} from '../schema';
import { DEMO_COMPANY, demoEntitlements, demoSerialNumbers, welcomeNotice } from './seed-data';

/**
 * The demo customer and the world around it: shipped servers (serial numbers), the organisations
 * the shipping records name, entitlements, and the `demo` account assigned to its organisation.
 * Kept apart from the reference data (applications, menus, roles, the super admin, server models)
 * so an operator can start without made-up customers, and tests build their own instead.
 */
export async function seedDemoCustomer(
  t: Db,
  demo: { passwordHash: string; customerRoleId: number; now: Date },
): Promise<void> {
  const serialSeeds = demoSerialNumbers(demo.now);
  const models = await t
    .select({ id: serverModels.id, code: serverModels.code })
    .from(serverModels)
    .where(inArray(serverModels.code, [...new Set(serialSeeds.map((serial) => serial.model))]));
  const modelId = (code: string) => {
    const model = models.find((m) => m.code === code);
    if (!model) throw new Error(`unknown model ${code}`);
    return model.id;
  };
  await t.insert(serialNumbers).values(
    serialSeeds.map((serial) => ({
      sn: serial.sn,
      modelId: modelId(serial.model),
      customerName: serial.customer,
      shipDate: serial.shipDate,
      maintenanceEnd: serial.maintenanceEnd,
      pcieParts: serial.pcieParts,
      installedFirmware: serial.installedFirmware ?? {},
    })),
  );
  // Every customer the shipping records name is an organisation; staff assign accounts to them.
  const seededOrganisations = await t
    .insert(organisations)
    .values(
      [...new Map(serialSeeds.map((s) => [normaliseCompany(s.customer), s.customer])).entries()].map(
        ([normalisedName, name]) => ({ name, normalisedName }),
      ),
    )
    .returning();
  const demoOrganisation = seededOrganisations.find(
    (o) => o.normalisedName === normaliseCompany(DEMO_COMPANY),
  );
  for (const { serials, ...entitlement } of demoEntitlements(demo.now)) {
    const [row] = await t
      .insert(entitlements)
      .values({ ...entitlement, remainingNodes: entitlement.authorisedNodes })
      .returning({ id: entitlements.id });
    if (row) await t.insert(entitlementSerials).values(serials.map((sn) => ({ entitlementId: row.id, sn })));
  }
  const [user] = await t
    .insert(users)
    .values({
      account: 'demo',
      passwordHash: demo.passwordHash,
      nickName: 'Demo',
      name: '演示客户',
      email: 'demo@example.com',
      company: DEMO_COMPANY,
      // As staff would assign it: the company a customer types grants nothing by itself.
      organisationId: demoOrganisation?.id ?? null,
      industry: 'internet',
    })
    .returning();
  if (!user) throw new Error('demo account was not inserted');
  await t.insert(userRoles).values({ userId: user.id, roleId: demo.customerRoleId });
  await t.insert(notices).values(welcomeNotice(user.id));
}

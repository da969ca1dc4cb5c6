import { writeFileSync } from 'node:fs';
import { startPortal } from './portal';

/**
 * The shared e2e portal as a process of its own (started by shared-portal.ts): in vitest's main
 * process it would share an event loop with the module transforms and test orchestration, and
 * answer slowly exactly when a file starts. Stops on SIGTERM or when vitest goes away.
 */
const portal = await startPortal({
  port: Number(process.env.SHARED_PORTAL_PORT),
  captchaAnswer: process.env.SHARED_PORTAL_CAPTCHA,
  // Seeded once for the run: the files with a portal of their own start from this copy.
  saveTemplateTo: process.env.SHARED_PORTAL_TEMPLATE,
});
// Only now: the portal listens before its demo advisories and inventory are seeded, and requests
// made meanwhile wait behind the seeding for the embedded database's one connection.
writeFileSync(String(process.env.SHARED_PORTAL_READY_FILE), portal.url);
const stop = () => void portal.close().finally(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('disconnect', stop);

import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { type Database, openDatabase } from '../../apps/server/src/db/connection';
import { seedDatabase } from '../../apps/server/src/db/seed/seed';
import { seedCatalog } from '../../apps/server/src/db/seed/seed-catalog';
import { seedAdvisories } from '../../apps/server/src/db/seed/seed-advisories';
import { seedInventory } from '../../apps/server/src/db/seed/seed-inventory';
import { randomCaptchaText } from '../../apps/server/src/modules/captcha/captcha.service';
import { releaseSignedLine } from '@portal/contract/cli-builds';
import { desc } from 'drizzle-orm';
import { smsOutbox } from '../../apps/server/src/db/schema';
import { mailText, startSmtpReceiver } from '../../apps/server/src/test/smtp-receiver';

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');

export const DEMO_PASSWORD = 'Demo#E2e123';
export const ADMIN_PASSWORD = 'Admin#E2e123';

export type PortalOptions = {
  /** The port to listen on; a free one by default. */
  port?: number;
  /**
   * One answer for every captcha: for the portal the read-only files share (shared-portal.ts),
   * whose tests run in other processes than the one the answers would be recorded in.
   */
  captchaAnswer?: string;
  /**
   * A folder `saveTemplateTo` filled: the seeded database and data folder (files, keys) this
   * portal starts from, instead of migrating and seeding its own (issue 41: 10-30 s a file).
   */
  template?: string;
  /** Where to leave such a template once seeded, before any test has used this portal. */
  saveTemplateTo?: string;
};

const TEMPLATE_DATABASE = 'database.tar';
const TEMPLATE_DATA = 'data';

/** A copy of this seeded portal to start others from: its database's dump and its data folder. */
async function saveTemplate(database: Database, dataDir: string, folder: string) {
  if (database.queueConnection.driver !== 'pglite') throw new Error('expected PGlite');
  // Commits do not wait for the write-ahead log here (startPortal): the checkpoint writes the
  // last of them out, or the dump would miss them (the seeded servers, the last seeding step).
  await database.queueConnection.client.exec('checkpoint');
  const dump = await database.queueConnection.client.dumpDataDir('none');
  // Written under another name, then renamed: a reader sees a whole template or none.
  const partial = `${folder}.partial`;
  mkdirSync(partial, { recursive: true });
  writeFileSync(path.join(partial, TEMPLATE_DATABASE), Buffer.from(await dump.arrayBuffer()));
  cpSync(dataDir, path.join(partial, TEMPLATE_DATA), { recursive: true });
  renameSync(partial, folder);
}

/** The template's database, loaded into a new embedded database, and its data folder copied to `dataDir`. */
async function openFromTemplate(template: string, dataDir: string) {
  cpSync(path.join(template, TEMPLATE_DATA), dataDir, { recursive: true });
  return openDatabase({
    pgliteLoadDataDir: new Blob([readFileSync(path.join(template, TEMPLATE_DATABASE))]),
  });
}

/**
 * The real portal (built web app, API, embedded database) on a free port, with
 * the captcha on. The captcha answers are recorded here, in the test process:
 * that is the seam, there is no HTTP endpoint that reveals them. Mail goes
 * through SMTP to a real receiver started here too.
 */
export async function startPortal(options: PortalOptions = {}) {
  const captchaAnswers: string[] = [];
  const smtp = await startSmtpReceiver();
  // Uploaded files (avatars) go to a folder of this run, removed on close.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'));
  const fromTemplate = options.template !== undefined;
  const database = options.template
    ? await openFromTemplate(options.template, dataDir)
    : await openDatabase({});
  // The database lives in this process's memory for one test file: a commit need not wait for its
  // write-ahead log to be written out (less of PGlite's CPU, the largest part of this process's).
  if (database.queueConnection.driver === 'pglite')
    await database.queueConnection.client.exec('set synchronous_commit = off');
  // The fwportal release key of this run: the portal gets its public half, as a production
  // portal does, and the test signs builds with the private half (releaseSignature).
  const release = generateKeyPairSync('ed25519');
  const releaseKeyFile = path.join(dataDir, 'release-ed25519.pub.pem');
  writeFileSync(releaseKeyFile, release.publicKey.export({ type: 'spki', format: 'pem' }));
  if (!fromTemplate) {
    await database.migrate();
    await seedDatabase(database.db, { admin: ADMIN_PASSWORD, demo: DEMO_PASSWORD });
  }
  const app = await buildApp({
    config: loadConfig({
      CAPTCHA: 'on',
      WEB_DIST_DIR: webDist,
      LOG_LEVEL: 'warn',
      SMTP_URL: smtp.url,
      DATA_DIR: dataDir,
      // The webhook tests receive deliveries on 127.0.0.1, which a real portal refuses.
      WEBHOOK_ALLOW_PRIVATE: 'on',
      CLI_RELEASE_PUBLIC_KEY_FILE: releaseKeyFile,
      // Several files sign in to the shared portal within a minute, all from 127.0.0.1.
      ...(options.captchaAnswer === undefined ? {} : { LOGIN_RATE_LIMIT_PER_MINUTE: '1000' }),
    }),
    database,
    captchaText: () => {
      const text = options.captchaAnswer ?? randomCaptchaText();
      captchaAnswers.push(text);
      return text;
    },
    // A device sign-in polls every second rather than RFC 8628's five: the tests wait real time.
    deviceAuthPollSeconds: 1,
  });
  if (!fromTemplate) await seedCatalog(database.db, app.services.store);
  const url = await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  // After listen: approving an advisory queues its announcement inside the approval's transaction,
  // and the job queue must have started before (starting it then would wait for PGlite's one
  // connection, which that transaction holds).
  if (!fromTemplate) {
    await seedAdvisories(database.db, app.services.advisoryAuthoring);
    await seedInventory(database.db, app.services.inventory);
  }
  if (options.saveTemplateTo) await saveTemplate(database, dataDir, options.saveTemplateTo);
  return {
    url,
    latestCaptcha: () => captchaAnswers.at(-1) ?? '',
    /** The `.sig` the build script would write for an fwportal build `fileName` of `bytes`. */
    releaseSignature: (bytes: Buffer, fileName: string) =>
      sign(
        null,
        Buffer.from(releaseSignedLine(createHash('sha256').update(bytes).digest('hex'), fileName)),
        release.privateKey,
      ),
    /** The raw text of every mail received so far, oldest first. */
    mails: () => smtp.received.map((mail) => ({ to: mail.to, raw: mail.raw, text: mailText(mail.raw) })),
    /**
     * The portal's database, for the few put-backs no request can make (a retried test must find
     * the portal as its first attempt did: notices unread again, nodes not spent). Never to set a
     * test up: that goes through the API, as a person's actions would.
     */
    db: () => database.db,
    /** Every SMS the logging driver handled (newest first), as staff see them in the outbox. */
    smsOutbox: () => database.db.select().from(smsOutbox).orderBy(desc(smsOutbox.id)),
    close: async () => {
      await app.close();
      await database.close();
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

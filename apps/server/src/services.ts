import type { Config } from './config';
import type { Database } from './db/connection';
import type { Clock } from './lib/clock';
import { AccessService } from './modules/access/access.service';
import { LoginService } from './modules/auth/login.service';
import { SessionService } from './modules/auth/session.service';
import { CaptchaService, type CaptchaTextSource } from './modules/captcha/captcha.service';
import { NoticeService } from './modules/notice/notice.service';

export type Services = {
  database: Database;
  clock: Clock;
  sessions: SessionService;
  login: LoginService;
  captcha: CaptchaService;
  access: AccessService;
  notices: NoticeService;
};

/** Wires the services once per app; routes reach them through `app.services`. */
export function createServices(
  config: Pick<Config, 'TOKEN_TTL_HOURS'>,
  database: Database,
  clock: Clock,
  captchaText?: CaptchaTextSource,
): Services {
  const { db } = database;
  const sessions = new SessionService(db, clock, config.TOKEN_TTL_HOURS * 3_600_000);
  return {
    database,
    clock,
    sessions,
    login: new LoginService(db, clock, sessions),
    captcha: new CaptchaService(db, clock, captchaText),
    access: new AccessService(db),
    notices: new NoticeService(db, clock),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

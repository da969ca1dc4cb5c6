import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { partResource } from './part-resources';
import * as R from './resources';
import type { SelfSignedCertificate } from './tls';
import { taskCollection } from './tasks';
import type { Misbehaviour, SimBmc, SimServer } from './types';
import { UpdateEngine } from './updates';
import { handleMultipartPush, handleSimpleUpdate } from './update-routes';
import { notFound, readJson, type Answer } from './http-util';

export type BmcConfig = {
  server: SimServer;
  user: string;
  password: string;
  misbehaviour: Misbehaviour;
  taskSeconds: number;
  certificate: SelfSignedCertificate | null;
  port: number;
};

function sameSecret(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** One simulated BMC: a Redfish service on its own port. */
export class Bmc {
  readonly server: SimServer;
  readonly updates: UpdateEngine;
  readonly sessions = new Map<string, { id: string; user: string }>();
  misbehaviour: Misbehaviour;
  private readonly uuid = randomUUID();
  private readonly http: http.Server;
  private port: number;
  private listening = false;
  private closed = false;
  private nextSessionId = 1;

  constructor(private readonly config: BmcConfig) {
    this.server = config.server;
    this.misbehaviour = { ...config.misbehaviour };
    this.port = config.port;
    this.updates = new UpdateEngine({
      server: this.server,
      misbehaviour: () => this.misbehaviour,
      taskMs: config.taskSeconds * 1000,
      reset: (ms, whileAway) => this.reset(ms, whileAway),
      closed: () => this.closed,
    });
    const handler = (req: http.IncomingMessage, res: http.ServerResponse) => void this.handle(req, res);
    this.http = config.certificate
      ? https.createServer({ cert: config.certificate.certPem, key: config.certificate.keyPem }, handler)
      : http.createServer(handler);
    this.http.keepAliveTimeout = 30_000;
  }

  get host() {
    return `127.0.0.1:${this.port}`;
  }

  async start() {
    if (this.listening) return;
    await new Promise<void>((resolve, reject) => {
      this.http.once('error', reject);
      this.http.listen(this.port, '127.0.0.1', () => {
        this.http.off('error', reject);
        resolve();
      });
    });
    this.port = (this.http.address() as AddressInfo).port;
    this.listening = true;
  }

  async stop() {
    if (!this.listening) return;
    this.listening = false;
    const closed = new Promise<void>((resolve) => this.http.close(() => resolve()));
    this.http.closeAllConnections();
    await closed;
  }

  /** Stops for good: tasks stop progressing. */
  async close() {
    this.closed = true;
    await this.stop();
  }

  /** A reboot: connections refused for `ms`, sessions lost. */
  private async reset(ms: number, whileAway: () => void) {
    await this.stop();
    this.sessions.clear();
    await sleep(ms);
    whileAway();
    if (!this.closed) await this.start();
  }

  toSimBmc(): SimBmc {
    const { certificate, user, password } = this.config;
    return {
      url: `${certificate ? 'https' : 'http'}://${this.host}`,
      host: this.host,
      user,
      password,
      server: this.server,
      caPem: certificate?.certPem ?? null,
      fingerprint256: certificate?.fingerprint256 ?? null,
      sessions: () => this.sessions.size,
      received: () => [...this.updates.received],
      setMisbehaviour: (m) => {
        this.misbehaviour = { ...m };
      },
      stop: () => this.stop(),
      start: () => this.start(),
    };
  }

  private authorised(req: http.IncomingMessage) {
    const token = req.headers['x-auth-token'];
    if (typeof token === 'string' && this.sessions.has(token)) return true;
    const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '');
    if (!basic?.[1]) return false;
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return (
      colon > 0 &&
      sameSecret(decoded.slice(0, colon), this.config.user) &&
      sameSecret(decoded.slice(colon + 1), this.config.password)
    );
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    let answer: Answer;
    try {
      if (this.misbehaviour.delayMs) await sleep(this.misbehaviour.delayMs);
      answer = await this.route(req);
    } catch (error) {
      answer = { status: 500, body: R.errorBody('InternalError', (error as Error).message) };
    }
    if (res.destroyed) return;
    if (!req.complete) req.resume();
    const body = answer.body === undefined ? '' : JSON.stringify(answer.body);
    res.writeHead(answer.status, {
      'OData-Version': '4.0',
      'Cache-Control': 'no-cache',
      ...(body ? { 'Content-Type': 'application/json; charset=utf-8' } : {}),
      ...answer.headers,
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  private async route(req: http.IncomingMessage): Promise<Answer> {
    const url = new URL(req.url ?? '/', 'http://bmc');
    const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
    const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
    const m = this.misbehaviour;
    if (method === 'GET' && path === '/redfish') return { status: 200, body: { v1: '/redfish/v1/' } };
    if (method === 'GET' && path === R.ROOT) return { status: 200, body: R.serviceRoot(this.uuid, m) };
    if (method === 'GET' && path === `${R.ROOT}/odata`)
      return { status: 200, body: R.odataServiceDocument(m) };
    if (path.startsWith(R.SESSION_SERVICE) && m.basicOnly) return notFound(path);
    if (method === 'POST' && path === R.SESSIONS) return this.login(req);
    if (!this.authorised(req)) {
      return {
        status: 401,
        body: R.errorBody('NoValidSession', 'No valid session or credentials.'),
        headers: { 'WWW-Authenticate': 'Basic realm="BMC simulator"' },
      };
    }
    if (method === 'GET' && path.startsWith(`${R.TASK_MONITORS}/`)) return this.taskMonitor(path);
    if (method === 'POST') return this.post(req, path);
    if (method === 'DELETE') return this.delete(path);
    if (method !== 'GET')
      return { status: 405, body: R.errorBody('OperationNotAllowed', `${method} is not allowed here.`) };
    const body = this.get(path);
    return body ? { status: 200, body } : notFound(path);
  }

  private get(path: string): unknown {
    const { server, misbehaviour: m } = this;
    switch (path) {
      case `${R.ROOT}/Systems`:
        return R.collection(path, 'ComputerSystem', 'Computer System Collection', [R.SYSTEM], m);
      case R.SYSTEM:
        return R.system(server, m);
      case `${R.ROOT}/Chassis`:
        return R.collection(path, 'Chassis', 'Chassis Collection', [R.CHASSIS], m);
      case R.CHASSIS:
        return R.chassis(server);
      case `${R.ROOT}/Managers`:
        return R.collection(path, 'Manager', 'Manager Collection', [R.MANAGER], m);
      case R.MANAGER:
        return R.manager(server);
      case R.UPDATE_SERVICE:
        return R.updateService(m);
      case R.FIRMWARE_INVENTORY:
        return R.firmwareInventory(server, m);
      case R.SOFTWARE_INVENTORY:
        return R.collection(path, 'SoftwareInventory', 'Software Inventory', [], m);
      case R.SESSION_SERVICE:
        return R.sessionService();
      case R.SESSIONS:
        return R.collection(
          path,
          'Session',
          'Session Collection',
          [...this.sessions.values()].map((s) => `${R.SESSIONS}/${s.id}`),
          m,
        );
      case `${R.ROOT}/TaskService`:
        return R.taskService();
      case R.TASKS:
        return taskCollection([...this.updates.tasks.values()]);
    }
    if (path.startsWith(`${R.FIRMWARE_INVENTORY}/`)) {
      const id = decodeURIComponent(path.slice(R.FIRMWARE_INVENTORY.length + 1));
      const component = server.components.find((c) => c.id === id);
      return component && R.softwareInventory(server, component, m);
    }
    if (path.startsWith(`${R.SESSIONS}/`)) {
      const session = [...this.sessions.values()].find((s) => `${R.SESSIONS}/${s.id}` === path);
      return session && R.session(session.id, session.user);
    }
    if (path.startsWith(`${R.TASKS}/`))
      return this.updates.tasks.get(path.slice(R.TASKS.length + 1))?.toJson();
    return partResource(server, path, m);
  }

  /** DSP0266 task monitor: 202 + Retry-After while the task runs, then the task as the final answer. */
  private taskMonitor(path: string): Answer {
    const task = this.updates.tasks.get(path.slice(R.TASK_MONITORS.length + 1));
    if (!task) return notFound(path);
    if (task.running)
      return { status: 202, body: task.toJson(), headers: { 'Retry-After': '1', Location: task.monitorUri } };
    return { status: 200, body: task.toJson() };
  }

  private async login(req: http.IncomingMessage): Promise<Answer> {
    const body = (await readJson(req)) as { UserName?: unknown; Password?: unknown } | undefined;
    if (typeof body?.UserName !== 'string' || typeof body.Password !== 'string') {
      return { status: 400, body: R.errorBody('PropertyMissing', 'UserName and Password are required.') };
    }
    if (!sameSecret(body.UserName, this.config.user) || !sameSecret(body.Password, this.config.password)) {
      return { status: 401, body: R.errorBody('NoValidSession', 'Invalid username or password.') };
    }
    const id = String(this.nextSessionId++);
    const token = randomBytes(16).toString('hex');
    this.sessions.set(token, { id, user: body.UserName });
    return {
      status: 201,
      body: R.session(id, body.UserName),
      headers: { 'X-Auth-Token': token, Location: `${R.SESSIONS}/${id}` },
    };
  }

  private delete(path: string): Answer {
    for (const [token, session] of this.sessions) {
      if (`${R.SESSIONS}/${session.id}` === path) {
        this.sessions.delete(token);
        return { status: 204 };
      }
    }
    return notFound(path);
  }

  private async post(req: http.IncomingMessage, path: string): Promise<Answer> {
    const m = this.misbehaviour;
    if (
      path === `${R.SYSTEM}/Actions/ComputerSystem.Reset` ||
      path === `${R.MANAGER}/Actions/Manager.Reset`
    ) {
      await readJson(req);
      this.updates.activateStaged();
      return { status: 204 };
    }
    if (path === R.MULTIPART_PUSH_URI && !m.noMultipart) return handleMultipartPush(this, req);
    if (path === `${R.UPDATE_SERVICE}/${m.simpleUpdatePath ?? 'Actions/UpdateService.SimpleUpdate'}`)
      return handleSimpleUpdate(this, req);
    return { status: 405, body: R.errorBody('OperationNotAllowed', `POST is not allowed on ${path}.`) };
  }
}

import { createHash } from 'node:crypto';
import type http from 'node:http';
import { Readable } from 'node:stream';
import type { Bmc } from './bmc';
import { readJson, type Answer } from './http-util';
import { imageHeadOf, PACKAGE_HEAD_BYTES } from './firmware-image';
import { downloadImage } from './image-download';
import { MAX_IMAGE_BYTES, errorBody } from './resources';
import type { UpdateRequest } from './updates';

/** POST MultipartHttpPushUri and POST SimpleUpdate: what a BMC answers, and the task it starts. */

function rejection(status: 413 | 503): Answer {
  return status === 413
    ? { status, body: errorBody('PayloadTooLarge', 'The image is too large for this BMC.') }
    : {
        status,
        body: errorBody('ServiceTemporarilyUnavailable', 'The update service is busy.'),
        headers: { 'Retry-After': '5' },
      };
}

function applyTimeOf(value: unknown): UpdateRequest['applyTime'] | 'invalid' {
  if (value === undefined || value === 'Immediate') return 'Immediate';
  return value === 'OnReset' ? 'OnReset' : 'invalid';
}

function badParameter(message: string): Answer {
  return { status: 400, body: errorBody('ActionParameterValueError', message) };
}

function accepted(
  bmc: Bmc,
  request: UpdateRequest,
  file: Parameters<Bmc['updates']['startTask']>[1],
): Answer {
  const task = bmc.updates.startTask(request, file);
  return { status: 202, body: task.toJson(), headers: { Location: task.monitorUri } };
}

async function drain(req: http.IncomingMessage) {
  for await (const chunk of req) void chunk;
}

export async function handleMultipartPush(bmc: Bmc, req: http.IncomingMessage): Promise<Answer> {
  const m = bmc.misbehaviour;
  if (m.rejectImage) {
    await drain(req);
    return rejection(m.rejectImage);
  }
  const type = req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data/i.test(type)) {
    await drain(req);
    return { status: 415, body: errorBody('UnsupportedMediaType', 'multipart/form-data is expected.') };
  }
  if (Number(req.headers['content-length'] ?? 0) > MAX_IMAGE_BYTES + 1024 * 1024) {
    await drain(req);
    return rejection(413);
  }
  let form: FormData;
  try {
    form = await new Response(Readable.toWeb(req) as ReadableStream, {
      headers: { 'content-type': type },
    }).formData();
  } catch {
    return badParameter('The multipart body could not be read.');
  }
  const file = form.get('UpdateFile');
  if (!file || typeof file === 'string') return badParameter('The UpdateFile part is missing.');
  let parameters: Record<string, unknown> = {};
  const raw = form.get('UpdateParameters');
  if (raw !== null) {
    try {
      parameters = JSON.parse(typeof raw === 'string' ? raw : await raw.text()) as Record<string, unknown>;
    } catch {
      return badParameter('UpdateParameters is not JSON.');
    }
  }
  const targets = parameters.Targets ?? [];
  if (!Array.isArray(targets) || targets.some((t) => typeof t !== 'string'))
    return badParameter('Targets must be a list of URIs.');
  const resolved = bmc.updates.resolveTargets(targets as string[]);
  if ('unknown' in resolved) return badParameter(`Unknown or not updateable target ${resolved.unknown}.`);
  const applyTime = applyTimeOf(parameters['@Redfish.OperationApplyTime']);
  if (applyTime === 'invalid')
    return badParameter('@Redfish.OperationApplyTime must be Immediate or OnReset.');
  const bytes = Buffer.from(await file.arrayBuffer());
  const received = {
    bytes: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    head: await imageHeadOf(bytes.subarray(0, PACKAGE_HEAD_BYTES)),
  };
  const request: UpdateRequest = { via: 'multipart', targets: targets as string[], applyTime };
  if (m.noTask) {
    bmc.updates.acceptWithoutTask(request, received);
    return { status: 204 };
  }
  return accepted(bmc, request, Promise.resolve(received));
}

export async function handleSimpleUpdate(bmc: Bmc, req: http.IncomingMessage): Promise<Answer> {
  const m = bmc.misbehaviour;
  const body = (await readJson(req)) as Record<string, unknown> | undefined;
  if (m.rejectImage) return rejection(m.rejectImage);
  if (!body || typeof body.ImageURI !== 'string') return badParameter('ImageURI is required.');
  const protocol = body.TransferProtocol ?? undefined;
  if (protocol !== undefined && protocol !== 'HTTP' && protocol !== 'HTTPS')
    return badParameter('TransferProtocol must be HTTP or HTTPS.');
  let uri = body.ImageURI;
  if (!/^[a-z]+:\/\//i.test(uri)) uri = `${protocol === 'HTTPS' ? 'https' : 'http'}://${uri}`;
  if (!/^https?:\/\//i.test(uri)) return badParameter('ImageURI must be an http or https URI.');
  try {
    new URL(uri);
  } catch {
    return badParameter('ImageURI is not a URI.');
  }
  const targets = body.Targets ?? [];
  if (!Array.isArray(targets) || targets.some((t) => typeof t !== 'string'))
    return badParameter('Targets must be a list of URIs.');
  const resolved = bmc.updates.resolveTargets(targets as string[]);
  if ('unknown' in resolved) return badParameter(`Unknown or not updateable target ${resolved.unknown}.`);
  const applyTime = applyTimeOf(body['@Redfish.OperationApplyTime']);
  if (applyTime === 'invalid')
    return badParameter('@Redfish.OperationApplyTime must be Immediate or OnReset.');
  const auth =
    typeof body.Username === 'string' && typeof body.Password === 'string'
      ? `Basic ${Buffer.from(`${body.Username}:${body.Password}`).toString('base64')}`
      : undefined;
  const request: UpdateRequest = { via: 'simple', targets: targets as string[], applyTime };
  const download = downloadImage(uri, MAX_IMAGE_BYTES, auth);
  if (m.noTask) {
    void download.then((file) => bmc.updates.acceptWithoutTask(request, file)).catch(() => undefined);
    return { status: 204 };
  }
  return accepted(bmc, request, download);
}

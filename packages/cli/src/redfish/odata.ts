import type { IncomingHttpHeaders } from 'node:http';

/*
 * Reading a BMC's JSON with care: BMCs differ, and none of their fields is trusted to exist.
 */

/** The `@odata.id` of a reference (`{"@odata.id": "/redfish/v1/…"}`), or null when there is none. */
export function odataIdOf(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const id = (value as Record<string, unknown>)['@odata.id'];
  return typeof id === 'string' && id.length > 0 ? id : null;
}

/** A field of a JSON object, whatever the value is (null for a missing field or a non-object). */
export function fieldOf(value: unknown, ...names: string[]): unknown {
  let current = value;
  for (const name of names) {
    if (typeof current !== 'object' || current === null || Array.isArray(current)) return null;
    current = Object.hasOwn(current, name) ? (current as Record<string, unknown>)[name] : null;
  }
  return current;
}

/** A string field, trimmed, or null (missing, empty, or not a string). */
export function stringFieldOf(value: unknown, ...names: string[]): string | null {
  const field = fieldOf(value, ...names);
  return typeof field === 'string' && field.trim() ? field.trim() : null;
}

/** The Redfish error message (`error.message`, else the first `@Message.ExtendedInfo`), if any. */
export function redfishMessageOf(body: unknown): string {
  const extended = fieldOf(body, 'error', '@Message.ExtendedInfo');
  const first = Array.isArray(extended) ? stringFieldOf(extended[0], 'Message') : null;
  return (first ?? stringFieldOf(body, 'error', 'message') ?? '').slice(0, 300);
}

/** A body as JSON, or null when it is empty or not JSON. */
export function parseJson(text: string): unknown {
  if (!text.trim()) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** A header's first value, trimmed, or null. */
export function headerOf(headers: IncomingHttpHeaders, name: string): string | null {
  const value = headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  return text?.trim() ? text.trim() : null;
}

import { headersOf } from '../bench/api';
import { type OperationName, type RequestOf, type ResponseOf } from '../src/api/contract';
import { operations } from '../src/api/contract/operations';

/**
 * How one call ended. Unlike bench/api.ts's `call`, which throws on any failure, the
 * durability check must tell "the service answered no" from "no answer came" (the
 * service died with the request in flight, so the write may or may not have landed).
 */
export type Reply<Name extends OperationName> =
  | { kind: 'ok'; data: ResponseOf<Name> }
  | { kind: 'rejected'; status: number; message: string }
  | { kind: 'no-answer'; reason: string };

export async function send<Name extends OperationName>(baseUrl: string, name: Name, body: RequestOf<Name>): Promise<Reply<Name>> {
  const { path, method } = operations[name];
  let status: number;
  let text: string;
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: headersOf(name),
      body: method === 'POST' ? JSON.stringify(body) : undefined,
    });
    status = response.status;
    // A body cut off by the kill fails here, as a missing answer.
    text = await response.text();
  } catch (error) {
    return { kind: 'no-answer', reason: error instanceof Error ? `${error.message} ${String(error.cause ?? '')}`.trim() : String(error) };
  }
  let envelope: { Data?: unknown; Success?: unknown; Message?: unknown };
  try {
    envelope = JSON.parse(text) as typeof envelope;
  } catch {
    return { kind: 'rejected', status, message: `not JSON: ${text.slice(0, 200)}` };
  }
  if (status < 200 || status > 299 || envelope.Success !== true) {
    return { kind: 'rejected', status, message: String(envelope.Message ?? '') };
  }
  return { kind: 'ok', data: envelope.Data as ResponseOf<Name> };
}

/** How one request to the widget's public API (/widget/*) ended: an answer of any status, or none. */
export type WidgetReply = { kind: 'answered'; status: number; text: string } | { kind: 'no-answer'; reason: string };

/**
 * One request to the widget's public API as the client at `clientAddress` sends it. The
 * service under load trusts the loopback as the proxy in front (TRUST_PROXY), so the address
 * goes in X-Forwarded-For, as such a proxy writes it: many clients from one machine.
 */
export async function sendAsClient(
  url: string,
  clientAddress: string,
  init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string | Uint8Array<ArrayBuffer> },
): Promise<WidgetReply> {
  try {
    const response = await fetch(url, { ...init, headers: { ...init.headers, 'x-forwarded-for': clientAddress } });
    return { kind: 'answered', status: response.status, text: await response.text() };
  } catch (error) {
    return { kind: 'no-answer', reason: error instanceof Error ? `${error.message} ${String(error.cause ?? '')}`.trim() : String(error) };
  }
}

import {
  SECRET_KEY_HEADER,
  SESSION_KEY_HEADER,
  type OperationName,
  type RequestOf,
  type ResponseOf,
} from '../src/api/contract';
import { operations } from '../src/api/contract/operations';

export const SECRET_KEY = 'demo-secret-key';
export const SESSION_KEY = 'demo-session-key';

/** The headers an operation carries, as the dashboard sends them. */
export function headersOf(name: OperationName): Record<string, string> {
  const { credential, method } = operations[name];
  const headers: Record<string, string> = {};
  if (method === 'POST') headers['content-type'] = 'application/json';
  if (credential === 'session') headers[SESSION_KEY_HEADER] = SESSION_KEY;
  else headers[SECRET_KEY_HEADER] = SECRET_KEY;
  return headers;
}

/** Calls one operation of the local service and returns its Data, or throws with its Message. */
export async function call<Name extends OperationName>(
  baseUrl: string,
  name: Name,
  body: RequestOf<Name>,
): Promise<ResponseOf<Name>> {
  const { path, method } = operations[name];
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: headersOf(name),
    body: method === 'POST' ? JSON.stringify(body) : undefined,
  });
  const envelope = (await response.json()) as { Data: ResponseOf<Name>; Success: boolean; Message: string };
  if (!response.ok || !envelope.Success) throw new Error(`${name} failed (${response.status}): ${envelope.Message}`);
  return envelope.Data;
}

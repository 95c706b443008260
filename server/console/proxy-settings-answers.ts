import type { FastifyRequest } from 'fastify';
import { NOTHING_SAVED_YET, parseVersionSourceHeader, VERSION_SOURCE_HEADER, type EditRequest, type OperationName } from '../../src/api/contract';
import { operations } from '../../src/api/contract/operations';
import { notFound } from '../envelope';
import { headerValue } from '../request-header';
import { parseBody } from '../routes/operation';
import type { ProxySettingsHistory } from './proxy-settings-history';


const DEFAULT_VERSIONS_PAGE_SIZE = 20;

/** The operations the console answers itself in proxy mode, for its members: the hosted service has none of them. */
export const ANSWERED_BY_CONSOLE: readonly OperationName[] = ['Detail', 'Versions', 'VersionDetail'];

function acceptedEdit(status: number, text: string): boolean {
  if (status !== 200) return false;
  try {
    return (JSON.parse(text) as { Success?: unknown }).Success === true;
  } catch {
    return false;
  }
}

/**
 * Proxy mode's settings history at work: what the console answers for Detail, Versions and
 * VersionDetail, and the version each accepted Edit makes. Only a signed-in member's reads are
 * answered here: an API client's key is checked by the hosted service alone, so its reads are
 * forwarded there as before and the team's history is never shown to an unchecked key.
 */
export function proxySettingsAnswers(history: ProxySettingsHistory, now: () => number) {
  return {
    /** The Data of a read the console answers itself, or undefined to forward the request. */
    answer(request: FastifyRequest, name: OperationName): unknown {
      if (!request.signedIn || !ANSWERED_BY_CONSOLE.includes(name)) return undefined;
      if (name === 'Detail') {
        const { serialNumber } = parseBody(operations.Detail.request, bodyObject(request));
        const latest = history.latest(serialNumber);
        if (!latest) throw notFound(NOTHING_SAVED_YET);
        return { ...latest.settings, serialNumber, UnknownFields: latest.unknownFields };
      }
      if (name === 'Versions') {
        const { serialNumber, PageNumber = 1, PageSize = DEFAULT_VERSIONS_PAGE_SIZE } = parseBody(operations.Versions.request, bodyObject(request));
        return history.versions(serialNumber, PageNumber, PageSize);
      }
      const { serialNumber, Version } = parseBody(operations.VersionDetail.request, bodyObject(request));
      const version = history.version(serialNumber, Version);
      if (!version) throw notFound(`Version: this chatbot has no version ${Version}`);
      return version;
    },

    /**
     * After the hosted service answered an Edit: a version when it accepted it (any client's,
     * since the hosted service checked the key), set on the request for its activity entry.
     */
    recordEdit(request: FastifyRequest, status: number, text: string): void {
      if (!acceptedEdit(status, text)) return;
      let body: EditRequest;
      try {
        body = parseBody(operations.Edit.request, bodyObject(request));
      } catch {
        // Accepted upstream but not by our contract: nothing we could show as a version.
        request.log.warn('an Edit the hosted service accepted does not match the contract; no settings version was kept');
        return;
      }
      const { serialNumber, ...patch } = body;
      const origin = { ...parseVersionSourceHeader(headerValue(request, VERSION_SOURCE_HEADER)), EditedBy: request.signedIn?.member.name ?? null };
      request.madeVersion = history.record(serialNumber, patch, origin, now());
    },
  };
}

/** Through the proxy the body is the bytes as sent (the guard has checked a member's). */
function bodyObject(request: FastifyRequest): unknown {
  const body: unknown = request.body;
  if (!Buffer.isBuffer(body)) return body;
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    return null;
  }
}

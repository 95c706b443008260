import { apiFetch, isMissingOperation } from '../../../api/client';
import type { BatchRequest } from '../../../api/contract';
import { sendListingBatch } from '../../../api/listings';
import { createListing } from '../../../demo-data';
import { connectThroughProxy } from '../../../test-support/local-service';
import type { ListingFields } from '../form/listing-form-schema';
import type { RowRequest } from './import-row';
import { runImport } from './import-runner';
import { SentRows, sentRowsKey } from './sent-rows';
import type { ValidRow } from './validate-file';

/**
 * The console in proxy mode forwards RealEstateBatch like every operation of the registry, and
 * the hosted service behind it does not have it (vitest.service-setup.ts: a stand-in that
 * answers the address with a plain 404 page). Nothing here is mocked: the import must find
 * that out from the real answer and send every row on its own.
 */
const BOT = 'proxied-import-bot';
beforeEach(() => connectThroughProxy(BOT));

const sendRow = (request: RowRequest) =>
  request.kind === 'create' ? apiFetch('RealEstateCreate', request.request) : apiFetch('RealEstateUpdate', request.request);

function rowsOf(tag: string, count: number): ValidRow[] {
  return Array.from({ length: count }, (_, index) => {
    const { SerialNumber: _bot, Location: _location, ...fields } = createListing({ SaleType: 'for_sale', City: tag, MLSNumber: `${tag}-${index}` });
    return { row: 2 + index, fields: fields as ListingFields };
  });
}

describe('an import through the proxy to a hosted service without RealEstateBatch', () => {
  it('tries one batch, is told the operation is missing, and sends every row on its own: none lost, none twice', async () => {
    const rows = rowsOf('Proxyville', 9);
    await apiFetch('RealEstateCreate', { ...createListing({ City: 'Elsewhere' }), SerialNumber: BOT, MLSNumber: 'Proxyville-4' });
    const batchErrors: unknown[] = [];
    let alone = 0;
    const outcome = await runImport({
      chatbotId: BOT,
      rows,
      matchBy: 'MLSNumber',
      existingKeys: new Set(['Proxyville-4']),
      columns: new Set(),
      sentRows: SentRows.read(localStorage, sentRowsKey(BOT, 'proxied')),
      send: (request) => {
        alone += 1;
        return sendRow(request);
      },
      sendBatch: (body: BatchRequest) =>
        sendListingBatch(body).catch((error: unknown) => {
          batchErrors.push(error);
          throw error;
        }),
      batchSize: 4,
      batchConcurrency: 1,
      signal: new AbortController().signal,
      sleep: () => Promise.resolve(),
    });
    expect(batchErrors).toHaveLength(1);
    expect(batchErrors[0]).toMatchObject({ status: 404 });
    expect(isMissingOperation(batchErrors[0])).toBe(true);
    expect(alone).toBe(9);
    expect(outcome).toMatchObject({ done: 9, created: 8, updated: 1, failed: 0, notSent: 0 });
    const listed = await apiFetch('RealEstateList', { SerialNumber: BOT, CityName: 'Proxyville', PageSize: 100 });
    // 8 created, and the one that was Elsewhere, updated into this city.
    expect(listed.VirtualCount).toBe(9);
    expect(new Set(listed.List.map((listing) => listing.MLSNumber)).size).toBe(9);
  });
});

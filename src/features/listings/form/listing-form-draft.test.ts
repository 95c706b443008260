import { createListing } from '../../../demo-data';
import { listingRowOf } from '../../../api/contract';
import {
  clearListingFormDraft,
  listingFormDraftKey,
  loadListingFormDraft,
  restorableValues,
  saveListingFormDraft,
} from './listing-form-draft';
import { emptyListingFormValues } from './listing-form-schema';
import { parseListingRow } from '../parse-listing-row';

describe('listing form draft', () => {
  it('keeps the typed values of a new listing for the form the URL names', () => {
    const values = { ...emptyListingFormValues(), City: 'Austin', Bedrooms: 3 };
    saveListingFormDraft('bot-a', { mode: 'create' }, values);
    expect(loadListingFormDraft('bot-a', 'new')).toEqual({ target: { mode: 'create' }, values });
    expect(loadListingFormDraft('bot-a', '12')).toBeNull();
    expect(loadListingFormDraft('bot-b', 'new')).toBeNull();
    clearListingFormDraft('bot-a');
    expect(loadListingFormDraft('bot-a', 'new')).toBeNull();
  });

  it('reopens an edit form with the listing as it was when the form opened', () => {
    const listing = parseListingRow(listingRowOf(createListing({ City: 'Denver' }), 41));
    saveListingFormDraft('bot-a', { mode: 'edit', listing }, null);
    expect(loadListingFormDraft('bot-a', '41')).toEqual({ target: { mode: 'edit', listing }, values: null });
    expect(loadListingFormDraft('bot-a', 'new')).toBeNull();
  });

  it('lives in sessionStorage only', () => {
    saveListingFormDraft('bot-a', { mode: 'create' }, emptyListingFormValues());
    expect(window.sessionStorage.getItem(listingFormDraftKey('bot-a'))).not.toBeNull();
    expect(window.localStorage.length).toBe(0);
  });

  it('restores only values that fit the form, and only those that differ from its start', () => {
    const start = emptyListingFormValues();
    const restored = restorableValues(start, {
      City: 'Austin',
      Bedrooms: 3,
      Images: [{ url: 'https://example.com/a.jpg' }],
      ExtensionColumn: [{ Key: 'Pool', value: 'Heated' }],
      Status: 'Active',
      NotAField: 'x',
      Description: { html: '<b>' },
      Latitude: null,
    });
    expect(restored).toEqual({
      City: 'Austin',
      Bedrooms: 3,
      Images: [{ url: 'https://example.com/a.jpg' }],
      ExtensionColumn: [{ Key: 'Pool', value: 'Heated' }],
    });
  });

  it('ignores broken or foreign storage', () => {
    window.sessionStorage.setItem(listingFormDraftKey('bot-a'), '{not json');
    expect(loadListingFormDraft('bot-a', 'new')).toBeNull();
    window.sessionStorage.setItem(listingFormDraftKey('bot-a'), JSON.stringify({ form: '41', listing: { ID: 'x' } }));
    expect(loadListingFormDraft('bot-a', '41')).toBeNull();
  });
});

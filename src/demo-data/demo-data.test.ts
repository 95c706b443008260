import { describe, expect, it } from 'vitest';
import { chatbotSettingsSchema, createListingRequestSchema } from '../api/contract';
import { createChatbotSettings, DEMO_CHATBOT_SETTINGS } from './chatbot-settings';
import { createListing, demoListings, DEMO_CITIES } from './listings';
import { createRandom } from './random';

describe('demoListings', () => {
  const listings = demoListings('demo-bot', 60);

  it('gives valid create requests for the chatbot', () => {
    expect(listings).toHaveLength(60);
    for (const listing of listings) {
      expect(createListingRequestSchema.parse(listing)).toEqual(listing);
      expect(listing.SerialNumber).toBe('demo-bot');
    }
  });

  it('is the same on every call and differs between chatbots', () => {
    expect(demoListings('demo-bot', 60)).toEqual(listings);
    expect(demoListings('other-bot', 60).map((listing) => listing.Address)).not.toEqual(listings.map((listing) => listing.Address));
  });

  it('has unique MLS numbers and URLs', () => {
    expect(new Set(listings.map((listing) => listing.MLSNumber)).size).toBe(60);
    expect(new Set(listings.map((listing) => listing.Url)).size).toBe(60);
  });

  it('covers every city, sale type, status, both units and the optional parts', () => {
    expect(new Set(listings.map((listing) => listing.City))).toEqual(new Set(DEMO_CITIES.map((city) => city.City)));
    expect(new Set(listings.map((listing) => listing.SaleType))).toEqual(new Set(['for_sale', 'for_rent']));
    expect(new Set(listings.map((listing) => listing.Status))).toEqual(new Set(['Active', 'PreOnMarket', 'Sold']));
    expect(new Set(listings.map((listing) => listing.AreaUnit))).toEqual(new Set(['Square Feet', 'Square Meters']));
    expect(new Set(listings.map((listing) => listing.Tours))).toEqual(new Set(['OpenHouse', '3D', undefined]));
    expect(listings.some((listing) => (listing.Images ?? []).length === 0)).toBe(true);
    expect(listings.some((listing) => (listing.Images ?? []).length > 1)).toBe(true);
    expect(listings.every((listing) => (listing.Images ?? []).every((url) => url.startsWith('https://picsum.photos/seed/')))).toBe(true);
    expect(listings.some((listing) => (listing.ExtensionColumn ?? []).length > 0)).toBe(true);
    expect(listings.some((listing) => listing.Latitude === undefined)).toBe(true);
    expect(listings.some((listing) => listing.SaleType === 'for_sale' && listing.SalePrice === undefined)).toBe(true);
  });

  it('has every bedroom count for rent and for sale in every city (the chat answers rely on it)', () => {
    for (const { City } of DEMO_CITIES) {
      for (const saleType of ['for_sale', 'for_rent'] as const) {
        const bedrooms = listings.filter((listing) => listing.City === City && listing.SaleType === saleType).map((listing) => listing.Bedrooms);
        expect(new Set(bedrooms)).toEqual(new Set([1, 2, 3, 4, 5]));
      }
    }
    const austinRental3 = listings.find((listing) => listing.City === 'Austin' && listing.SaleType === 'for_rent' && listing.Bedrooms === 3);
    expect(austinRental3?.Status).not.toBe('Sold');
  });

  it('prices rentals with RentPrice and sales with SalePrice', () => {
    for (const listing of listings) {
      if (listing.SaleType === 'for_rent') expect(listing.SalePrice).toBeUndefined();
      else expect(listing.RentPrice).toBeUndefined();
    }
  });
});

describe('createListing', () => {
  it('gives a valid listing with a new MLS number and Url each time, overrides last', () => {
    const first = createListing();
    const second = createListing({ City: 'Austin', Bedrooms: 3, SerialNumber: 'bot-x' });
    expect(createListingRequestSchema.parse(first)).toEqual(first);
    expect(createListingRequestSchema.parse(second)).toEqual(second);
    expect(second.MLSNumber).not.toBe(first.MLSNumber);
    expect(second.Url).not.toBe(first.Url);
    expect(second).toMatchObject({ City: 'Austin', Bedrooms: 3, SerialNumber: 'bot-x' });
    expect(first.SerialNumber).toBe('demo-bot');
  });
});

describe('createChatbotSettings', () => {
  it('gives complete, valid settings with overrides', () => {
    expect(chatbotSettingsSchema.parse(DEMO_CHATBOT_SETTINGS)).toEqual(DEMO_CHATBOT_SETTINGS);
    const settings = createChatbotSettings({ Name: 'Harbor Homes', MessageLimit: 100 });
    expect(chatbotSettingsSchema.parse(settings)).toEqual(settings);
    expect(settings).toEqual({ ...DEMO_CHATBOT_SETTINGS, Name: 'Harbor Homes', MessageLimit: 100 });
  });
});

describe('createRandom', () => {
  it('repeats for a seed and stays in range', () => {
    const a = createRandom(42);
    const b = createRandom(42);
    const values = Array.from({ length: 100 }, () => a.int(3, 7));
    expect(Array.from({ length: 100 }, () => b.int(3, 7))).toEqual(values);
    expect(Math.min(...values)).toBe(3);
    expect(Math.max(...values)).toBe(7);
  });
});

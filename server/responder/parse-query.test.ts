// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseQuery } from './parse-query';

const CITIES = ['Austin', 'Denver', 'San Antonio', 'Seattle'];

describe('parseQuery', () => {
  it.each([
    ['3 bedroom homes for rent in Austin', { bedrooms: 3, saleType: 'for_rent', city: 'Austin' }],
    ['any 3-bed condos for sale in denver?', { bedrooms: 3, saleType: 'for_sale', city: 'Denver' }],
    ['3br in Seattle', { bedrooms: 3, city: 'Seattle' }],
    ['Is there a two-bedroom home for rent in Denver?', { bedrooms: 2, saleType: 'for_rent', city: 'Denver' }],
    ['4+ beds to buy in San Antonio', { minBedrooms: 4, saleType: 'for_sale', city: 'San Antonio' }],
    ['at least 2 bedrooms, lease, Austin', { minBedrooms: 2, saleType: 'for_rent', city: 'Austin' }],
    ['a studio to rent', { bedrooms: 0, saleType: 'for_rent' }],
  ])('reads %j', (question, criteria) => {
    const parsed = parseQuery(question, CITIES);
    expect(parsed.intent).toBe('listings');
    expect(parsed.criteria).toEqual(criteria);
  });

  it.each([
    ['houses under $500k', { maxPrice: 500_000 }],
    ['apartments below 2000', { maxPrice: 2000 }],
    ['homes under $1.2m in Austin', { maxPrice: 1_200_000, city: 'Austin' }],
    ['condos over 300k', { minPrice: 300_000 }],
    ['homes between $300k and $450,000', { minPrice: 300_000, maxPrice: 450_000 }],
    ['homes between 300 and 450k', { minPrice: 300_000, maxPrice: 450_000 }],
    ['What can I rent in Denver under $3,000?', { maxPrice: 3000, saleType: 'for_rent', city: 'Denver' }],
  ])('reads the price in %j', (question, criteria) => {
    expect(parseQuery(question, CITIES).criteria).toEqual(criteria);
  });

  it('does not take room counts or small numbers for prices', () => {
    expect(parseQuery('homes with over 3 bedrooms', CITIES).criteria).toEqual({ minBedrooms: 4 });
    expect(parseQuery('homes under 5 minutes from downtown', CITIES).criteria).toEqual({});
  });

  it('reads the order', () => {
    expect(parseQuery('Tell me about the cheapest listing.', CITIES).criteria).toEqual({ order: 'cheapest' });
    expect(parseQuery('most expensive homes in Seattle', CITIES).criteria).toEqual({ order: 'priciest', city: 'Seattle' });
  });

  it('only knows the chatbot\'s own cities, matched as whole words', () => {
    expect(parseQuery('homes in Boston', CITIES).criteria.city).toBeUndefined();
    expect(parseQuery('homes in Austinville', CITIES).criteria.city).toBeUndefined();
    expect(parseQuery('Denver or Austin homes', CITIES).criteria.city).toBe('Denver');
  });

  it('leaves the sale type open when both or neither are asked for', () => {
    expect(parseQuery('homes to buy or rent', CITIES).criteria.saleType).toBeUndefined();
    expect(parseQuery('homes in Austin', CITIES).criteria.saleType).toBeUndefined();
  });

  it.each([
    ['Hello?', 'greeting'],
    ['Hi there', 'greeting'],
    ['Can I talk to an agent?', 'contact'],
    ['I want to speak with a human', 'contact'],
    ['What can you do?', 'about'],
    ['Thanks!', 'thanks'],
    ['Which neighbourhoods in Seattle have listings?', 'listings'],
    ['What is the capital of France?', 'unrelated'],
    ['First question', 'unrelated'],
    ['Tell me a joke', 'unrelated'],
  ])('classifies %j as %s', (question, intent) => {
    expect(parseQuery(question, CITIES).intent).toBe(intent);
  });
});

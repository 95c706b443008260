import type { CreateListingRequest } from '../../src/api/contract';
import type { ListingCriteria } from '../db/listings';

type SaleType = CreateListingRequest['SaleType'];

export type Intent = 'listings' | 'contact' | 'about' | 'greeting' | 'thanks' | 'unrelated';

export interface ParsedQuestion {
  intent: Intent;
  criteria: ListingCriteria;
}

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
};

const BEDROOMS = /\b(\d{1,2}|one|two|three|four|five|six|seven|eight)\s*(\+|or more)?\s*-?\s*(?:bed(?:room)?s?|bdrms?|bds?|brs?)\b/i;
const AT_LEAST_BEDROOMS =
  /\b(at least|min(?:imum)?(?: of)?|over|more than)\s+(\d{1,2}|one|two|three|four|five|six|seven|eight)\s*-?\s*(?:bed(?:room)?s?|bdrms?|bds?|brs?)\b/i;
const STUDIO = /\bstudios?\b/i;

const RENT = /\b(?:rent|rents|renting|rental|rentals|lease|leasing|to let|per month|monthly|a month)\b/i;
const SALE = /\b(?:for sale|buy|buying|purchase|purchasing|sale|mortgage)\b/i;

/** An amount: `$450,000`, `450k`, `1.2m`, `2000`. Not followed by a room or unit word. */
const AMOUNT = String.raw`\$?\s*(\d[\d,]*(?:\.\d+)?)\s*(k|m|thousand|million)?\b(?!\s*-?\s*(?:bed|bd|br|bath|ba\b|sq|square|car|parking|spot|year|yr|minute|min\b|mile|day|%|percent))`;
const MAX_PRICE = new RegExp(String.raw`\b(?:under|below|less than|cheaper than|max(?:imum)?|up to|at most|no more than|within|budget(?: of| is)?)\s*${AMOUNT}`, 'i');
const MIN_PRICE = new RegExp(String.raw`\b(?:over|above|more than|at least|min(?:imum)?|starting at)\s*${AMOUNT}`, 'i');
const BETWEEN_PRICE = new RegExp(String.raw`\bbetween\s*${AMOUNT}\s*(?:and|to|-)\s*${AMOUNT}`, 'i');

const CHEAPEST = /\b(?:cheapest|least expensive|lowest price[ds]?|most affordable|budget)\b/i;
const PRICIEST = /\b(?:most expensive|priciest|luxury|highest price[ds]?)\b/i;

const REAL_ESTATE = new RegExp(
  [
    'homes?',
    'houses?',
    'apartments?',
    'apts?',
    'condos?',
    'condominiums?',
    'townhouses?',
    'townhomes?',
    'lofts?',
    'duplex(?:es)?',
    'propert(?:y|ies)',
    'listings?',
    'real estate',
    'bedrooms?',
    'bathrooms?',
    'rooms?',
    'flats?',
    'places? to (?:live|stay)',
    'neighbou?rhoods?',
    'areas?',
    'prices?',
    'cheap(?:est)?',
    'afford(?:able)?',
    'expensive',
    'hoa',
    'sq ?ft',
    'square (?:feet|meters|metres)',
    'mls',
    'open houses?',
    'tours?',
    'viewings?',
    'move',
    'moving',
    'sell(?:ing)?',
    'available',
    'units?',
  ]
    .map((word) => `\\b${word}\\b`)
    .join('|'),
  'i',
);

const CONTACT =
  /\b(?:human|real person|someone|somebody|(?:talk|speak|chat)\s+(?:to|with)|contact|get in touch|call me|email me|e-mail me|phone number|reach (?:you|an agent|someone)|agents?|realtors?|brokers?)\b/i;
const ABOUT = /\b(?:who are you|what are you|what can you do|what do you do|how does this work|how can you help|help me|^help\b)/i;
const GREETING = /^\s*(?:hi|hello|hey|hiya|howdy|greetings|good (?:morning|afternoon|evening)|yo)\b/i;
const THANKS = /^\s*(?:thanks|thank you|thx|cheers|great,? thanks)\b/i;

function numberOf(word: string): number {
  return NUMBER_WORDS[word.toLowerCase()] ?? Number(word);
}

function amountOf(digits: string, unit: string | undefined): number {
  const value = Number(digits.replace(/,/g, ''));
  switch (unit?.toLowerCase()) {
    case 'k':
    case 'thousand':
      return value * 1_000;
    case 'm':
    case 'million':
      return value * 1_000_000;
    default:
      return value;
  }
}

/** Small numbers after "under"/"over" are counts ("under 5 minutes"), not prices. */
const MIN_PLAUSIBLE_PRICE = 100;

function priceRange(question: string): Pick<ListingCriteria, 'minPrice' | 'maxPrice'> {
  const between = BETWEEN_PRICE.exec(question);
  if (between) {
    // "between 300 and 450k": a bare small number borrows the other side's unit.
    const borrow = (digits: string, own: string | undefined, other: string | undefined) =>
      own ?? (Number(digits.replace(/,/g, '')) < 1000 ? other : undefined);
    const low = amountOf(between[1]!, borrow(between[1]!, between[2], between[4]));
    const high = amountOf(between[3]!, borrow(between[3]!, between[4], between[2]));
    if (high >= MIN_PLAUSIBLE_PRICE) return { minPrice: Math.min(low, high), maxPrice: Math.max(low, high) };
  }
  const range: Pick<ListingCriteria, 'minPrice' | 'maxPrice'> = {};
  const max = MAX_PRICE.exec(question);
  if (max) {
    const value = amountOf(max[1]!, max[2]);
    if (value >= MIN_PLAUSIBLE_PRICE) range.maxPrice = value;
  }
  const min = MIN_PRICE.exec(question);
  if (min) {
    const value = amountOf(min[1]!, min[2]);
    if (value >= MIN_PLAUSIBLE_PRICE) range.minPrice = value;
  }
  return range;
}

function saleTypeOf(question: string): SaleType | undefined {
  const rent = RENT.test(question);
  const sale = SALE.test(question);
  if (rent === sale) return undefined;
  return rent ? 'for_rent' : 'for_sale';
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The first of the chatbot's cities the question names, spelled as the listings spell it. */
function cityOf(question: string, knownCities: readonly string[]): string | undefined {
  let found: { city: string; at: number } | undefined;
  for (const city of knownCities) {
    const match = new RegExp(`(?:^|[^\\p{L}\\p{N}])${escapeRegExp(city)}(?![\\p{L}\\p{N}])`, 'iu').exec(question);
    if (match && (!found || match.index < found.at)) found = { city, at: match.index };
  }
  return found?.city;
}

/**
 * Reads what a visitor asks for: bedrooms ("3 bedroom", "3-bed", "3br", "two-bedroom",
 * "3+ beds"), sale type ("for rent", "lease" / "for sale", "buy"), one of the chatbot's
 * cities, a price range ("under $500k", "below 2000", "between 300k and 400k") and an order
 * ("cheapest"); and what kind of question it is when it is not about listings.
 */
export function parseQuery(question: string, knownCities: readonly string[]): ParsedQuestion {
  const criteria: ListingCriteria = {};
  const city = cityOf(question, knownCities);
  if (city) criteria.city = city;
  const saleType = saleTypeOf(question);
  if (saleType) criteria.saleType = saleType;

  const atLeast = AT_LEAST_BEDROOMS.exec(question);
  const bedrooms = BEDROOMS.exec(question);
  if (atLeast) {
    const count = numberOf(atLeast[2]!);
    criteria.minBedrooms = /^(?:over|more than)$/i.test(atLeast[1]!) ? count + 1 : count;
  }
  else if (bedrooms) {
    if (bedrooms[2]) criteria.minBedrooms = numberOf(bedrooms[1]!);
    else criteria.bedrooms = numberOf(bedrooms[1]!);
  } else if (STUDIO.test(question)) criteria.bedrooms = 0;

  // Bedroom counts are not prices: "at least 3 bedrooms" must not become a minimum price.
  Object.assign(criteria, priceRange(question.replace(AT_LEAST_BEDROOMS, ' ')));
  if (CHEAPEST.test(question)) criteria.order = 'cheapest';
  else if (PRICIEST.test(question)) criteria.order = 'priciest';

  const hasCriteria =
    criteria.city !== undefined ||
    criteria.saleType !== undefined ||
    criteria.bedrooms !== undefined ||
    criteria.minBedrooms !== undefined ||
    criteria.minPrice !== undefined ||
    criteria.maxPrice !== undefined;

  let intent: Intent;
  if (CONTACT.test(question)) intent = 'contact';
  else if (hasCriteria || REAL_ESTATE.test(question) || criteria.order) intent = 'listings';
  else if (ABOUT.test(question)) intent = 'about';
  else if (GREETING.test(question)) intent = 'greeting';
  else if (THANKS.test(question)) intent = 'thanks';
  else intent = 'unrelated';
  return { intent, criteria };
}

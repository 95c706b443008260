import { AREA_UNIT_ABBREVIATIONS, type ChatbotSettings } from '../../src/api/contract';
import type { ListingCriteria, ListingRecord } from '../db/listings';
import type { MediaKind } from '../media-types';
import { parseQuery } from './parse-query';

/** Where the responder finds a chatbot's listings (the listing store, scoped to one bot). */
export interface ListingSource {
  cities(): string[];
  search(criteria: ListingCriteria, limit: number): { records: ListingRecord[]; total: number };
}

export interface Attachment {
  fileName: string;
  kind: MediaKind;
}

export interface QuestionInput {
  question: string;
  settings: ChatbotSettings;
  listings: ListingSource;
  attachments?: readonly Attachment[];
}

export interface Answer {
  /** Markdown, AnswerSuffix included. */
  content: string;
  /** True when the bot could not answer (off-topic questions, media it cannot look at). */
  noAnswer: boolean;
}

export const MAX_LISTINGS_IN_ANSWER = 5;

const DEFAULT_WELCOME = 'Hello! How can I help you find your next home today?';
const DEFAULT_HANDOFF = 'I will pass your request on to one of our agents, who will get back to you shortly.';

/** Characters Markdown would read as formatting inside listing text. */
function escapeMarkdown(text: string): string {
  return text.replace(/([\\`*_[\]<>#|])/g, '\\$1');
}

function linkTarget(url: string): string {
  return url.replace(/[()\s]/g, (character) => encodeURIComponent(character));
}

function amount(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

function priceText(listing: ListingRecord): string {
  const price = listing.SaleType === 'for_sale' ? listing.SalePrice : listing.RentPrice;
  if (price === undefined) return 'price on request';
  const text = `${listing.CurrencySymbol}${amount(price)}`;
  return listing.SaleType === 'for_rent' ? `${text}/month` : text;
}

function placeText(listing: ListingRecord): string {
  const region = [listing.State, listing.ZIP].filter(Boolean).join(' ');
  return [listing.Address, listing.City, region].filter(Boolean).join(', ') || listing.MLSNumber;
}

const SUMMARY_LENGTH = 200;

/** The description on one line, cut at a word boundary when long. */
function summaryOf(text: string | undefined): string {
  const trimmed = (text ?? '').trim().replace(/\s+/g, ' ');
  if (trimmed.length <= SUMMARY_LENGTH) return trimmed;
  return `${trimmed.slice(0, SUMMARY_LENGTH).replace(/\s+\S*$/, '')}…`;
}

export function formatListing(listing: ListingRecord): string {
  const facts = [
    priceText(listing),
    listing.Bedrooms === 0 ? 'studio' : `${amount(listing.Bedrooms)} bd`,
    `${amount(listing.Bathrooms)} ba`,
    `${amount(listing.BuildingArea)} ${AREA_UNIT_ABBREVIATIONS[listing.AreaUnit]}`,
    listing.PropertyType,
  ];
  if (listing.Status !== 'Active') facts.push(listing.Status === 'PreOnMarket' ? 'coming soon' : 'sold');
  const summary = summaryOf(listing.Description);
  const title = `[${escapeMarkdown(placeText(listing))}](${linkTarget(listing.Url)})`;
  return `- **${title}**: ${facts.map(escapeMarkdown).join(' · ')}${summary ? `. ${escapeMarkdown(summary)}` : ''}`;
}

/** "3-bedroom homes for rent in Austin up to $3,000", for the intro of an answer. */
export function describeCriteria(criteria: ListingCriteria, count = 2, currency = '$'): string {
  const parts: string[] = [];
  if (criteria.bedrooms === 0) parts.push('studio');
  else if (criteria.bedrooms !== undefined) parts.push(`${criteria.bedrooms}-bedroom`);
  else if (criteria.minBedrooms !== undefined) parts.push(`${criteria.minBedrooms}+ bedroom`);
  parts.push(count === 1 ? 'home' : 'homes');
  if (criteria.saleType) parts.push(criteria.saleType === 'for_rent' ? 'for rent' : 'for sale');
  if (criteria.city) parts.push(`in ${criteria.city}`);
  const money = (value: number) => `${currency}${amount(value)}`;
  if (criteria.minPrice !== undefined && criteria.maxPrice !== undefined) {
    parts.push(`between ${money(criteria.minPrice)} and ${money(criteria.maxPrice)}`);
  } else if (criteria.maxPrice !== undefined) parts.push(`up to ${money(criteria.maxPrice)}`);
  else if (criteria.minPrice !== undefined) parts.push(`from ${money(criteria.minPrice)}`);
  return parts.join(' ');
}

function cityList(cities: readonly string[]): string {
  if (cities.length <= 1) return cities.join('');
  return `${cities.slice(0, -1).join(', ')} and ${cities[cities.length - 1]}`;
}

function listingsAnswer(criteria: ListingCriteria, listings: ListingSource): string {
  const { records, total } = listings.search({ ...criteria, availableOnly: true }, MAX_LISTINGS_IN_ANSWER);
  const wanted = describeCriteria(criteria, total);
  if (total === 0) {
    const cities = listings.cities();
    const elsewhere = cities.length > 0 ? ` We have listings in ${cityList(cities)}; try another city, budget or number of bedrooms.` : '';
    return `I couldn't find any available ${wanted} right now.${elsewhere}`;
  }
  const which = criteria.order === 'cheapest' ? 'most affordable' : criteria.order === 'priciest' ? 'most expensive' : 'newest';
  const intro =
    total === 1
      ? `I found 1 available ${wanted}:`
      : total > records.length
        ? `I found ${total} available ${wanted}. Here are the ${which} ${records.length}:`
        : `I found ${total} available ${wanted}:`;
  return [intro, '', ...records.map(formatListing), '', 'Would you like more details on any of these, or to book a viewing?'].join('\n');
}

function attachmentNote(attachments: readonly Attachment[]): string {
  const names = attachments.map((attachment) => escapeMarkdown(attachment.fileName)).join(', ');
  const kind = attachments[0]!.kind.toLowerCase();
  const noun = attachments.length > 1 ? `${kind}s` : kind;
  return `Thanks for the ${noun} (${names}). I can't look at ${kind === 'audio' ? 'audio' : `${kind}s`} in this offline demo, but I can search our listings for you.`;
}

function withSuffix(text: string, suffix: string): string {
  return suffix.trim() === '' ? text : `${text}\n\n${suffix}`;
}

/**
 * The offline answer to a visitor's question, deterministic and built from the chatbot's
 * settings and listings: matching listings as a Markdown list, the welcome message for a
 * greeting, the hand-off message for a request for a person, and a polite refusal
 * (noAnswer) for anything unrelated.
 */
export function answerQuestion({ question, settings, listings, attachments = [] }: QuestionInput): Answer {
  const finish = (text: string, noAnswer: boolean): Answer => {
    const body = attachments.length > 0 ? `${attachmentNote(attachments)}${text ? `\n\n${text}` : ''}` : text;
    return { content: withSuffix(body, settings.AnswerSuffix), noAnswer };
  };
  if (question.trim() === '') return finish('', true);

  const cities = listings.cities();
  const { intent, criteria } = parseQuery(question, cities);
  const name = settings.Name.trim() || 'this assistant';
  const where = cities.length > 0 ? ` in ${cityList(cities)}` : '';
  switch (intent) {
    case 'listings':
      return finish(listingsAnswer(criteria, listings), false);
    case 'contact': {
      const message = settings.TalkToHumanResponseMessage.trim() || DEFAULT_HANDOFF;
      const email = settings.TalkToHumanEmail ? `\n\nYou can also write to us at ${settings.TalkToHumanEmail}.` : '';
      return finish(`${message}${email}`, false);
    }
    case 'about':
      return finish(
        `I'm ${name}. I can help you find homes for sale or for rent${where}: ask me for example "3 bedroom homes for rent${cities[0] ? ` in ${cities[0]}` : ''}" or "condos for sale under $500k". I can also put you in touch with an agent.`,
        false,
      );
    case 'greeting':
      return finish(settings.WelcomeMessage.trim() || DEFAULT_WELCOME, false);
    case 'thanks':
      return finish("You're welcome! Is there anything else I can help you find?", false);
    case 'unrelated':
      return finish(
        `I'm sorry, I can only help with questions about our homes for sale and for rent${where}. Try asking, for example, "2 bedroom apartments for rent${cities[0] ? ` in ${cities[0]}` : ''}".`,
        true,
      );
  }
}

/** A deterministic stand-in for a model's token count: about 1.3 tokens per word. */
export function estimateTokens(...texts: readonly string[]): number {
  const words = texts.reduce((count, text) => count + (text.match(/\S+/g)?.length ?? 0), 0);
  return Math.max(1, Math.round(words * 1.3));
}

/** The streamed fragments of an answer: each word with the whitespace after it. */
export function fragmentsOf(answer: string): string[] {
  return answer.match(/^\s+|\S+\s*/g) ?? [];
}

// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChatbotSettings } from '../../src/api/contract';
import { createChatbotSettings, createListing } from '../../src/demo-data';
import { createStores, openDatabase, type Db, type Stores } from '../db';
import { seedChatbots } from '../seed';
import { answerQuestion, estimateTokens, formatListing, fragmentsOf, type ListingSource } from './answer-question';

const BOT = 'responder-bot';
let db: Db;
let stores: Stores;
let source: ListingSource;
beforeEach(() => {
  db = openDatabase(':memory:');
  stores = createStores(db);
  seedChatbots(stores, [BOT], Date.now());
  source = {
    cities: () => stores.listings.cities(BOT),
    search: (criteria, limit) => stores.listings.search(BOT, criteria, limit),
  };
});
afterEach(() => db.close());

function answer(question: string, settings: Partial<ChatbotSettings> = {}) {
  return answerQuestion({ question, settings: createChatbotSettings(settings), listings: source });
}

describe('answerQuestion', () => {
  it('lists the matching available listings for "3 bedroom homes for rent in Austin"', () => {
    const { content, noAnswer } = answer('3 bedroom homes for rent in Austin');
    expect(noAnswer).toBe(false);
    const expected = stores.listings.search(BOT, { city: 'Austin', saleType: 'for_rent', bedrooms: 3, availableOnly: true }, 5);
    expect(expected.total).toBeGreaterThan(0);
    const items = content.split('\n').filter((line) => line.startsWith('- '));
    expect(items).toEqual(expected.records.map(formatListing));
    for (const item of items) {
      expect(item).toContain('Austin, TX');
      expect(item).toMatch(/\$[\d,]+\/month · 3 bd/);
      expect(item).toMatch(/\]\(https:\/\/homes\.example\.com\/[^)]+\)/);
    }
  });

  it('shows at most five listings and says how many matched', () => {
    const { content } = answer('Describe in detail every home for sale in Austin, with prices, rooms and neighbourhoods.');
    const total = stores.listings.search(BOT, { city: 'Austin', saleType: 'for_sale', availableOnly: true }, 100).total;
    expect(content).toMatch(new RegExp(`^I found ${total} available homes for sale in Austin`));
    expect(content.split('\n').filter((line) => line.startsWith('- ')).length).toBe(Math.min(total, 5));
  });

  it('never offers a sold listing', () => {
    stores.listings.create(BOT, { ...createListing({ City: 'Springfield', Status: 'Sold' }) }, Date.now());
    const { content, noAnswer } = answer('homes in Springfield');
    expect(noAnswer).toBe(false);
    expect(content).toMatch(/^I couldn't find any available homes in Springfield right now\. We have listings in /);
  });

  it('keeps within the price asked for, rent for rentals and sale price for sales', () => {
    const add = (overrides: Parameters<typeof createListing>[0]) =>
      stores.listings.create(BOT, createListing({ City: 'Springfield', Status: 'Active', ...overrides }), Date.now());
    add({ SaleType: 'for_rent', RentPrice: 1900, SalePrice: undefined, Address: '1 Cheap Rent Rd' });
    add({ SaleType: 'for_rent', RentPrice: 3100, SalePrice: undefined, Address: '2 Dear Rent Rd' });
    add({ SaleType: 'for_sale', SalePrice: 2400, RentPrice: undefined, Address: '3 Odd Sale Rd' });
    add({ SaleType: 'for_sale', SalePrice: 450_000, RentPrice: undefined, Address: '4 Sale Rd' });

    const rentals = answer('rentals in Springfield under $2,500').content;
    expect(rentals).toContain('1 Cheap Rent Rd');
    expect(rentals).not.toContain('2 Dear Rent Rd');
    expect(rentals).not.toContain('Sale Rd');

    const anything = answer('homes in Springfield under $2,500').content;
    expect(anything).toContain('1 Cheap Rent Rd');
    expect(anything).toContain('3 Odd Sale Rd');
    expect(anything).not.toContain('4 Sale Rd');

    const sales = answer('homes to buy in Springfield over 400k').content;
    expect(sales).toMatch(/^I found 1 available home for sale in Springfield from \$400,000:/);
    expect(sales).toContain('4 Sale Rd');
  });

  it('greets with the welcome message and hands off with the hand-off message', () => {
    expect(answer('Hello', { WelcomeMessage: 'Welcome!' })).toEqual({ content: 'Welcome!', noAnswer: false });
    expect(answer('Can I talk to an agent?', { TalkToHumanResponseMessage: 'We will call you.', TalkToHumanEmail: 'team@example.com' })).toEqual({
      content: 'We will call you.\n\nYou can also write to us at team@example.com.',
      noAnswer: false,
    });
  });

  it('refuses unrelated questions with noAnswer', () => {
    const result = answer('What is the capital of France?');
    expect(result.noAnswer).toBe(true);
    expect(result.content).toMatch(/^I'm sorry, I can only help with questions about our homes for sale and for rent in Austin, /);
  });

  it('appends AnswerSuffix to every kind of answer', () => {
    for (const question of ['Hello', 'homes in Austin', 'Tell me a joke', 'Can I talk to a human?', 'What can you do?']) {
      expect(answer(question, { AnswerSuffix: '-- Sunrise' }).content.endsWith('\n\n-- Sunrise')).toBe(true);
    }
    expect(answer('Hello', { AnswerSuffix: '   ' }).content).not.toMatch(/\n\n\s*$/);
  });

  it('notes attachments it cannot look at', () => {
    const result = answerQuestion({
      question: '',
      settings: createChatbotSettings(),
      listings: source,
      attachments: [{ fileName: 'porch.png', kind: 'Image' }, { fileName: 'yard.jpg', kind: 'Image' }],
    });
    expect(result.noAnswer).toBe(true);
    expect(result.content).toContain('Thanks for the images (porch.png, yard.jpg)');
  });

  it('escapes Markdown in listing text', () => {
    const listing = { ...createListing({ Address: '12 *Star* [Lane]', City: 'Austin' }), ID: 1 };
    expect(formatListing(listing)).toContain('12 \\*Star\\* \\[Lane\\], Austin');
  });

  it('is deterministic', () => {
    expect(answer('2 bedroom homes for rent in Seattle')).toEqual(answer('2 bedroom homes for rent in Seattle'));
  });
});

describe('fragmentsOf', () => {
  it('splits into words with their following whitespace, adding up to the text', () => {
    const text = 'Hello there,\n\n- **[1 Main St](https://x.example)**  done ';
    const fragments = fragmentsOf(text);
    expect(fragments.join('')).toBe(text);
    expect(fragments[0]).toBe('Hello ');
    expect(fragments[1]).toBe('there,\n\n');
    expect(fragmentsOf('  leading')).toEqual(['  ', 'leading']);
  });
});

describe('estimateTokens', () => {
  it('counts about 1.3 tokens a word over all texts', () => {
    expect(estimateTokens('one two three', 'four five six seven eight nine ten')).toBe(13);
    expect(estimateTokens('')).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { chatbotOptions, describeGrant, nextGrant } from './grant-labels';

describe('nextGrant', () => {
  it('lets "All chatbots" replace a list, and a chatbot replace "All chatbots"', () => {
    expect(nextGrant(['a', 'b'], ['a', 'b', '*'])).toEqual(['*']);
    expect(nextGrant(['*'], ['*', 'a'])).toEqual(['a']);
    expect(nextGrant(['a'], ['a', 'b'])).toEqual(['a', 'b']);
    expect(nextGrant(['a'], [])).toEqual([]);
  });
});

describe('chatbotOptions', () => {
  it('offers all chatbots first, then each, with granted ones the list lacks', () => {
    expect(chatbotOptions(['a'], ['*', 'gone']).map((option) => option.label)).toEqual(['All chatbots', 'a', 'gone']);
  });
});

describe('describeGrant', () => {
  it('says Owners and Admins work on all chatbots whatever their list', () => {
    expect(describeGrant('Admin', ['a'])).toBe('All chatbots');
    expect(describeGrant('Agent', ['a', 'b'])).toBe('a, b');
    expect(describeGrant('Viewer', ['*'])).toBe('All chatbots');
  });
});

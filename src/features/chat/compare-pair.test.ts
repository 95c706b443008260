import { compareBotOf, defaultCompareBot, readCompareSessions, switchableChatbots, writeCompareSessions } from './compare-pair';

describe('the pair Compare starts with', () => {
  it('is the open chatbot and the first other one of the switcher’s list', () => {
    expect(defaultCompareBot('demo-bot', ['demo-bot', 'demo-bot-staging', 'third'])).toBe('demo-bot-staging');
    expect(defaultCompareBot('demo-bot-staging', ['demo-bot', 'demo-bot-staging'])).toBe('demo-bot');
    // Alone in the list, it is compared with itself (two sessions), rather than with nothing.
    expect(defaultCompareBot('solo', ['solo'])).toBe('solo');
  });

  it('offers the switcher’s chatbots, the open one first when it is not among them', () => {
    expect(switchableChatbots('e2e-bot', ['demo-bot', 'demo-bot-staging'])).toEqual(['e2e-bot', 'demo-bot', 'demo-bot-staging']);
    expect(switchableChatbots('demo-bot', ['demo-bot', 'demo-bot-staging'])).toEqual(['demo-bot', 'demo-bot-staging']);
  });

  it('is read from the URL: off without ?compare, the default other for an empty value', () => {
    const list = ['a', 'b'];
    expect(compareBotOf(new URLSearchParams(''), 'a', list)).toBeNull();
    expect(compareBotOf(new URLSearchParams('compare='), 'a', list)).toBe('b');
    expect(compareBotOf(new URLSearchParams('compare=c'), 'a', list)).toBe('c');
  });
});

describe('the sessions of a comparison', () => {
  it('come back for the same pair, and not for another pair or from unreadable storage', () => {
    writeCompareSessions(window.sessionStorage, 'a', 'b', [12, 34]);
    expect(readCompareSessions(window.sessionStorage, 'a', 'b')).toEqual([12, 34]);
    expect(readCompareSessions(window.sessionStorage, 'b', 'a')).toEqual([null, null]);
    expect(readCompareSessions(window.sessionStorage, 'a', 'c')).toEqual([null, null]);
    window.sessionStorage.setItem('realty-bot-console.compare.v1', '{"chatbots":["a","b"],"sessions":["x",1]}');
    expect(readCompareSessions(window.sessionStorage, 'a', 'b')).toEqual([null, null]);
  });
});

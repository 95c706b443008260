import { describe, expect, it } from 'vitest';
import { chatbotSwitchPath } from './chatbot-switch-path';

describe('chatbotSwitchPath', () => {
  it('leads to the same area of the chosen chatbot, its id encoded', () => {
    expect(chatbotSwitchPath('b', { pathname: '/bots/a/settings', search: '' })).toBe('/bots/b/settings');
    expect(chatbotSwitchPath('b/2 x', { pathname: '/bots/a/chat', search: '' })).toBe('/bots/b%2F2%20x/chat');
  });

  it('keeps Compare and its second chatbot on the chat page', () => {
    expect(chatbotSwitchPath('c', { pathname: '/bots/a/chat', search: '?compare=b' })).toBe('/bots/c/chat?compare=b');
    expect(chatbotSwitchPath('c', { pathname: '/bots/a/chat', search: '?compare=b+%26+co' })).toBe('/bots/c/chat?compare=b+%26+co');
  });

  it('leaves behind what belongs to the chatbot it leaves: a listings page and its filters', () => {
    expect(chatbotSwitchPath('b', { pathname: '/bots/a/listings', search: '?city=Austin&page=3' })).toBe('/bots/b/listings');
    expect(chatbotSwitchPath('b', { pathname: '/bots/a/listings', search: '?compare=x' })).toBe('/bots/b/listings');
  });

  it('opens the listings from a page outside every chatbot', () => {
    expect(chatbotSwitchPath('b', { pathname: '/connection', search: '' })).toBe('/bots/b/listings');
  });
});

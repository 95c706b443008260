import { describe, expect, it } from 'vitest';
import { createChatbotSettings } from '../../../demo-data';
import { copyRequest } from './copy-request';

describe('copyRequest', () => {
  const source = createChatbotSettings({ Name: 'Production', WelcomeMessage: 'Hi', RateLimitCount: 5 });
  const target = createChatbotSettings({ Name: 'Staging', WelcomeMessage: 'Hi', RateLimitCount: 9 });

  it('sends only the chosen fields that differ on the target', () => {
    expect(copyRequest('staging', source, target, ['Name', 'WelcomeMessage', 'RateLimitCount'])).toEqual({
      serialNumber: 'staging',
      Name: 'Production',
      RateLimitCount: 5,
    });
    expect(copyRequest('staging', source, target, ['WelcomeMessage'])).toEqual({ serialNumber: 'staging' });
  });

  it('never sends a field the source does not know, and always one the target does not know (proxy mode)', () => {
    const sameWelcome = copyRequest('staging', source, target, ['Name', 'WelcomeMessage', 'RateLimitCount'], {
      source: ['Name'],
      target: ['WelcomeMessage'],
    });
    // Name's value in the source is a placeholder; WelcomeMessage matches a placeholder on the target, so it is sent.
    expect(sameWelcome).toEqual({ serialNumber: 'staging', WelcomeMessage: 'Hi', RateLimitCount: 5 });
  });

  it('sends every chosen field when the target cannot be read, and nothing while it loads', () => {
    expect(copyRequest('staging', source, null, ['Name', 'WelcomeMessage'])).toEqual({ serialNumber: 'staging', Name: 'Production', WelcomeMessage: 'Hi' });
    expect(copyRequest('staging', source, undefined, ['Name'])).toEqual({ serialNumber: 'staging' });
  });
});

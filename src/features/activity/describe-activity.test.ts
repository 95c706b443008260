import { describe, expect, it } from 'vitest';
import { ACTIVITY_ACTIONS, type ActivityAction, type ActivityTarget } from '../../api/contract/activity';
import { describeActivity, resultText } from './describe-activity';

const details = (action: ActivityAction, target: ActivityTarget) => describeActivity({ Action: action, Target: target });

describe('describeActivity', () => {
  it('names the fields a save changed, by their labels, and the version it made', () => {
    expect(details('settings.save', { Fields: ['WelcomeMessage', 'Name'], Version: 12 })).toBe('Welcome message, Name · v12');
    expect(details('settings.save', { Fields: [], Version: 13 })).toBe('No field changed · v13');
    // A field the form does not know (a later service's) keeps its own name; a refused save made no version.
    expect(details('settings.save', { Fields: ['NewField'] })).toBe('NewField');
  });

  it('says which version a restore brought back', () => {
    expect(details('settings.restore', { RestoredFrom: 12, Version: 15, Fields: ['Name'] })).toBe('restored v12 · v15');
    expect(details('settings.restore', { RestoredFrom: 12 })).toBe('restored v12');
  });

  it('lists the listings written, and how they were named', () => {
    expect(details('listing.delete', { Keys: ['123', '456'], KeyType: 'PlatformId' })).toBe('2 listings: 123, 456');
    expect(details('listing.create', { Keys: ['789'], KeyType: 'PlatformId', Count: 1 })).toBe('1 listing: 789');
    expect(details('listing.update', { Keys: ['TX0529636'], KeyType: 'MLSNumber', Count: 1 })).toBe('1 listing by MLS number: TX0529636');
    const many = Array.from({ length: 40 }, (_, index) => String(index + 1));
    expect(details('listing.delete', { Keys: many, KeyType: 'PlatformId' })).toBe('40 listings: 1, 2, 3, 4, 5 and 35 more');
    // A refused create named no listing yet.
    expect(details('listing.create', { KeyType: 'PlatformId', Count: 1 })).toBe('1 listing');
  });

  it('counts the rows of an import and those that failed', () => {
    expect(details('listings.batch', { ImportId: 'imp-1', Count: 40, Succeeded: 38, Failed: 2 })).toBe('import imp-1: 40 rows, 2 failed');
    expect(details('listings.batch', { ImportId: 'imp-2', Count: 1, Succeeded: 1, Failed: 0 })).toBe('import imp-2: 1 row');
    expect(details('listings.batch', { Count: 3 })).toBe('3 rows');
  });

  it("names an upload's file and kind", () => {
    expect(details('file.upload', { FileName: 'photo.jpg', FileKind: 'image/jpeg' })).toBe('photo.jpg (image/jpeg)');
    expect(details('file.upload', { FileName: 'photo.jpg' })).toBe('photo.jpg');
  });

  it('names the member an invitation or change concerned, with their role and chatbots', () => {
    expect(details('member.invite', { Email: 'dana@example.com', Role: 'Agent', Chatbots: ['demo-bot'] })).toBe('dana@example.com as Agent on demo-bot');
    expect(details('member.invite', { Email: 'ada@example.com', Role: 'Admin', Chatbots: ['*'] })).toBe('ada@example.com as Admin');
    expect(details('invitation.accept', { Email: 'ed@example.com', Role: 'Editor', Chatbots: ['*'], Method: 'passkey' })).toBe(
      'ed@example.com as Editor on all chatbots',
    );
    expect(details('invitation.revoke', { Email: 'dana@example.com', Role: 'Agent' })).toBe('dana@example.com as Agent');
    expect(details('member.change', { MemberId: 'm-1', Email: 'dana@example.com', Role: 'Editor', Chatbots: ['demo-bot', 'b2'], Disabled: true })).toBe(
      'dana@example.com, now Editor on demo-bot, b2, disabled',
    );
    expect(details('member.change', { MemberId: 'm-1', Email: 'dana@example.com', Role: 'Viewer', Chatbots: ['demo-bot'], Disabled: false })).toBe(
      'dana@example.com, now Viewer on demo-bot',
    );
    expect(details('member.remove', { MemberId: 'm-1', Email: 'dana@example.com', Role: 'Agent' })).toBe('dana@example.com (Agent)');
    expect(details('member.sessions-end', { MemberId: 'm-1', Email: 'dana@example.com', Sessions: 2 })).toBe('dana@example.com: 2 sessions ended');
  });

  it('says how someone signed in, or tried to', () => {
    expect(details('sign-in', { Method: 'passkey' })).toBe('by passkey');
    expect(details('sign-in', { Method: 'sso' })).toBe('by single sign-on');
    expect(details('sign-in.fail', { Method: 'password', MemberId: 'm-1', Email: 'dana@example.com' })).toBe('by password, as dana@example.com');
    expect(details('sign-in.fail', { Method: 'passkey' })).toBe('by passkey');
    expect(details('console.protect', { Email: 'olive@example.com', Method: 'password' })).toBe('olive@example.com, by password');
    expect(details('console.setup', { Email: 'olive@example.com', Method: 'passkey' })).toBe('olive@example.com, by passkey');
  });

  it("names a member's own passkeys and devices", () => {
    expect(details('passkey.add', { Name: 'Laptop' })).toBe('Laptop');
    expect(details('passkey.remove', { Name: 'Phone' })).toBe('Phone');
    expect(details('device.end', { Sessions: 1 })).toBe('1 session ended');
  });

  it('says nothing more where the action says it all', () => {
    expect(details('sign-out', {})).toBe('');
    expect(details('password.change', {})).toBe('');
  });

  it('describes every action without failing on an empty target', () => {
    for (const action of ACTIVITY_ACTIONS) expect(typeof details(action, {}), action).toBe('string');
  });
});

describe('resultText', () => {
  it('says OK, or the refusal with its code', () => {
    expect(resultText({ Code: 200, Message: '' })).toBe('OK');
    expect(resultText({ Code: 403, Message: 'Role Agent may not edit settings of demo-bot' })).toBe('403 · Role Agent may not edit settings of demo-bot');
    expect(resultText({ Code: 502, Message: '' })).toBe('502');
  });
});

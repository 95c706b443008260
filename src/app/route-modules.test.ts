import { areaOfPath } from './route-modules';

describe('areaOfPath', () => {
  it('names the area of each route', () => {
    expect(areaOfPath('/bots/demo-bot/listings', true)).toBe('listings');
    expect(areaOfPath('/bots/demo-bot/chat', true)).toBe('chat');
    expect(areaOfPath('/bots/demo-bot/settings', true)).toBe('settings');
    expect(areaOfPath('/bots/demo-bot', true)).toBe('settings');
    expect(areaOfPath('/connection', false)).toBe('connection');
  });

  it('follows the start page for `/`', () => {
    expect(areaOfPath('/', true)).toBe('listings');
    expect(areaOfPath('/', false)).toBe('connection');
  });

  it('names nothing for a path no area answers', () => {
    expect(areaOfPath('/bots/demo-bot/nowhere', true)).toBeUndefined();
    expect(areaOfPath('/elsewhere', true)).toBeUndefined();
  });
});

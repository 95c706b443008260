import type { Bootstrap } from '../../api/console';
import { emptyConnection, getConnection, saveConnection } from '../../api/credentials';
import { adoptBootstrap, isUntouched } from './adopt-bootstrap';

const bootstrap: Bootstrap = {
  mode: 'local',
  chatbotIds: ['demo-bot', 'second-bot'],
  secretKey: 'demo-secret',
  sessionKey: 'demo-session',
  keysHeldByServer: false,
};

beforeEach(() => {
  saveConnection(emptyConnection);
});

describe('adoptBootstrap', () => {
  it('connects an untouched browser to the offered chatbots and keys, in session storage only', () => {
    adoptBootstrap(bootstrap);
    expect(getConnection()).toEqual({
      ...emptyConnection,
      chatbotIds: ['demo-bot', 'second-bot'],
      secretKey: 'demo-secret',
      sessionKey: 'demo-session',
    });
    expect(window.localStorage.length).toBe(0);
  });

  it('never overwrites a connection the user saved, even one with only a key', () => {
    const saved = { ...emptyConnection, sessionKey: 'mine' };
    saveConnection(saved);
    expect(isUntouched(saved)).toBe(false);
    adoptBootstrap(bootstrap);
    expect(getConnection()).toEqual(saved);
  });

  it('leaves the browser untouched when the server offers no chatbot or nothing at all', () => {
    adoptBootstrap({ ...bootstrap, chatbotIds: [] });
    adoptBootstrap(null);
    expect(isUntouched(getConnection())).toBe(true);
  });

  it('changes nothing when adopted twice', () => {
    adoptBootstrap(bootstrap);
    const first = getConnection();
    adoptBootstrap({ ...bootstrap, chatbotIds: ['other-bot'] });
    expect(getConnection()).toBe(first);
  });
});

import type { Bootstrap } from '../../api/console';
import { emptyConnection, getConnection, saveConnection } from '../../api/credentials';
import { adoptBootstrap, isUntouched } from './adopt-bootstrap';

const signedIn: Bootstrap = {
  mode: 'local',
  access: 'signed-in',
  member: { id: 'm1', email: 'ann@example.com', name: 'Ann', role: 'Agent', chatbots: ['demo-bot', 'second-bot'], demo: false },
  chatbotIds: ['demo-bot', 'second-bot'],
  sso: false,
};

beforeEach(() => {
  saveConnection(emptyConnection);
});

describe('adoptBootstrap', () => {
  it('takes the chatbots granted to the signed-in member, and nothing is stored in the browser', () => {
    adoptBootstrap(signedIn);
    expect(getConnection()).toEqual({ baseUrl: '', chatbotIds: ['demo-bot', 'second-bot'] });
    expect(window.localStorage.length).toBe(0);
    expect(window.sessionStorage.length).toBe(0);
  });

  it('follows the bootstrap when who is signed in changes: a new grant, then signed out', () => {
    adoptBootstrap(signedIn);
    adoptBootstrap({ ...signedIn, chatbotIds: ['other-bot'] });
    expect(getConnection().chatbotIds).toEqual(['other-bot']);
    adoptBootstrap({ mode: 'local', access: 'sign-in', member: null, chatbotIds: [], sso: false });
    expect(isUntouched(getConnection())).toBe(true);
  });

  it('has no chatbot when the server cannot be reached, and waits while it is asked', () => {
    adoptBootstrap(signedIn);
    adoptBootstrap(undefined);
    expect(getConnection().chatbotIds).toEqual(['demo-bot', 'second-bot']);
    adoptBootstrap(null);
    expect(isUntouched(getConnection())).toBe(true);
  });

  it('changes nothing when the same chatbots are adopted twice', () => {
    adoptBootstrap(signedIn);
    const first = getConnection();
    adoptBootstrap({ ...signedIn, chatbotIds: ['demo-bot', 'second-bot'] });
    expect(getConnection()).toBe(first);
  });
});

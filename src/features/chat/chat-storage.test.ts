import { chatStorageKey, loadChatState, saveChatState } from './chat-storage';
import { chatReducer, emptyChatState, sessionTitle, type AssistantMessage, type ChatState, type UserMessage } from './chat-transcript';

function question(overrides: Partial<UserMessage> = {}): UserMessage {
  return { id: 'q1', role: 'user', content: 'Any homes in Austin?', askType: 'Text', attachments: [], sentAt: 1, ...overrides };
}

function answer(overrides: Partial<AssistantMessage> = {}): AssistantMessage {
  return { id: 'a1', role: 'assistant', replyTo: 'q1', mode: 'stream', status: 'done', content: 'Yes, three.', startedAt: 2, ...overrides };
}

function stateWith(...messages: Array<UserMessage | AssistantMessage>): ChatState {
  return { activeSessionId: 7, sessions: [{ id: 7, createdAt: 1, messages }] };
}

describe('chat storage', () => {
  it('round-trips a transcript per chatbot', () => {
    const state = stateWith(question(), answer({ questionID: 11, answerID: 12, totalToken: 40, totalMs: 812.5 }));
    expect(saveChatState('bot-a', state)).toBe(true);
    expect(loadChatState('bot-a')).toEqual(state);
    expect(loadChatState('bot-b')).toEqual(emptyChatState);
  });

  it('stores only the transcript, never the connection keys', () => {
    window.sessionStorage.setItem('realty-bot-console.connection', JSON.stringify({ secretKey: 'demo-secret-key' }));
    saveChatState('bot-a', stateWith(question()));
    const stored = window.localStorage.getItem(chatStorageKey('bot-a'))!;
    expect(stored).not.toMatch(/secret|sessionKey|demo-secret-key/);
  });

  it('marks an answer that was still streaming as interrupted when read back', () => {
    saveChatState('bot-a', stateWith(question(), answer({ status: 'streaming', content: 'Yes, th' })));
    const message = loadChatState('bot-a').sessions[0]!.messages[1] as AssistantMessage;
    expect(message.status).toBe('failed');
    expect(message.content).toBe('Yes, th');
    expect(message.failure).toEqual({ kind: 'interrupted', message: expect.stringMatching(/before the answer was complete/) });
  });

  it('starts empty from broken or foreign data instead of failing', () => {
    window.localStorage.setItem(chatStorageKey('bot-a'), '{not json');
    expect(loadChatState('bot-a')).toEqual(emptyChatState);
    window.localStorage.setItem(chatStorageKey('bot-a'), JSON.stringify({ sessions: 'nope' }));
    expect(loadChatState('bot-a')).toEqual(emptyChatState);
  });

  it('reports a storage that refuses to write', () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => {},
    } as unknown as Storage;
    expect(saveChatState('bot-a', stateWith(question()), full)).toBe(false);
  });

  it('removes the entry once the last session is deleted', () => {
    saveChatState('bot-a', stateWith(question()));
    saveChatState('bot-a', emptyChatState);
    expect(window.localStorage.getItem(chatStorageKey('bot-a'))).toBeNull();
  });
});

describe('chatReducer', () => {
  it('opens a session once, newest first, and makes it active', () => {
    let state = chatReducer(emptyChatState, { type: 'sessionOpened', sessionId: 1, now: 10 });
    state = chatReducer(state, { type: 'sessionOpened', sessionId: 2, now: 20 });
    state = chatReducer(state, { type: 'sessionOpened', sessionId: 1, now: 30 });
    expect(state.activeSessionId).toBe(1);
    expect(state.sessions.map((session) => [session.id, session.createdAt])).toEqual([
      [2, 20],
      [1, 10],
    ]);
  });

  it('appends fragments to the answer they belong to', () => {
    let state = stateWith(question(), answer({ status: 'streaming', content: '' }));
    state = chatReducer(state, { type: 'fragmentsAppended', sessionId: 7, messageId: 'a1', text: 'Yes, ' });
    state = chatReducer(state, { type: 'fragmentsAppended', sessionId: 7, messageId: 'a1', text: 'three.' });
    state = chatReducer(state, { type: 'answerUpdated', sessionId: 7, messageId: 'a1', patch: { status: 'done', answerID: 5 } });
    expect(state.sessions[0]!.messages[1]).toMatchObject({ content: 'Yes, three.', status: 'done', answerID: 5 });
  });

  it('drops updates for a session deleted meanwhile', () => {
    const deleted = chatReducer(stateWith(question()), { type: 'sessionDeleted', sessionId: 7 });
    expect(deleted).toEqual({ activeSessionId: null, sessions: [] });
    expect(chatReducer(deleted, { type: 'fragmentsAppended', sessionId: 7, messageId: 'a1', text: 'late' })).toBe(deleted);
  });

  it('deleting the active session activates the next one', () => {
    let state = chatReducer(emptyChatState, { type: 'sessionOpened', sessionId: 1, now: 1 });
    state = chatReducer(state, { type: 'sessionOpened', sessionId: 2, now: 2 });
    state = chatReducer(state, { type: 'sessionDeleted', sessionId: 2 });
    expect(state.activeSessionId).toBe(1);
  });

  it('clearing keeps the session but empties its transcript', () => {
    const state = chatReducer(stateWith(question(), answer()), { type: 'sessionCleared', sessionId: 7 });
    expect(state.sessions).toEqual([{ id: 7, createdAt: 1, messages: [] }]);
  });

  it('names a session after its first question, or its files', () => {
    expect(sessionTitle({ id: 1, createdAt: 0, messages: [] })).toBe('New chat');
    expect(sessionTitle(stateWith(question({ content: '  Any\nhomes? ' })).sessions[0]!)).toBe('Any homes?');
    const photo = question({ content: '', askType: 'Image', attachments: [{ fileId: 3, name: 'porch.png', kind: 'image' }] });
    expect(sessionTitle(stateWith(photo).sessions[0]!)).toBe('(porch.png)');
  });
});

// @vitest-environment node
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VISITOR_TOKEN_HEADER } from '../src/api/contract';
import { operations } from '../src/api/contract/operations';
import { DATABASE_FILE } from './app';
import { WIDGET_OPERATIONS } from './openapi/widget-document';
import type { UpstreamConfig } from './config';
import { ownerSession, SECRET, SESSION, startTestApp } from './test-support';
import { standInPerTest } from './test-upstream';

const stand = standInPerTest();

async function startProxy(upstream: Partial<UpstreamConfig> = {}) {
  const started = await startTestApp({ upstream: { url: stand.fake.url, secretKey: null, sessionKey: null, chatbotIds: [], ...upstream } });
  stand.track(started);
  return started;
}

describe('proxy mode', () => {
  it('forwards method, path, body and the browser\'s keys, and relays the answer', async () => {
    const { app } = await startProxy();
    const body = { SerialNumber: 'hosted-bot', CityName: 'Austin' };
    const response = await app.inject({
      method: 'POST',
      url: operations.RealEstateList.path,
      headers: { ...SESSION, 'content-type': 'application/json', cookie: 'session=abc' },
      payload: body,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ Data: { echoed: true }, Version: 'up', Success: true, Code: 200, Message: '' });

    expect(stand.fake.seen).toHaveLength(1);
    const [seen] = stand.fake.seen;
    expect(seen).toMatchObject({ method: 'POST', url: operations.RealEstateList.path, body });
    expect(seen!.headers['chatrobot-sessionkey']).toBe(SESSION['chatrobot-sessionkey']);
    expect(seen!.headers['content-type']).toBe('application/json');
    expect(seen!.headers.authorization).toBeUndefined();
    expect(seen!.headers.cookie).toBeUndefined();

    const models = await app.inject({ method: 'GET', url: operations.ModelList.path, headers: SECRET });
    expect(models.statusCode).toBe(200);
    expect(stand.fake.seen[1]).toMatchObject({ method: 'GET', url: operations.ModelList.path });
    expect(stand.fake.seen[1]!.headers.authorization).toBe(SECRET.authorization);
  });

  it('relays the hosted service\'s errors as they are', async () => {
    const { app } = await startProxy();
    const response = await app.inject({
      method: 'POST',
      url: operations.Edit.path,
      headers: { authorization: 'refuse-me' },
      payload: { serialNumber: 'x' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ Code: 401, Message: 'Authorization: rejected upstream' });
  });

  it('adds the server\'s keys to a signed-in member\'s request, never the browser\'s, and never hands them out', async () => {
    const started = await startProxy({ secretKey: 'server-secret', sessionKey: 'server-session', chatbotIds: ['hosted-bot'] });
    const { app } = started;
    const member = await ownerSession(started);
    await app.inject({
      method: 'POST',
      url: operations.GetSession.path,
      headers: { ...member, authorization: 'browser-secret', 'chatrobot-sessionkey': 'browser-session' },
      payload: { serialNumber: 'hosted-bot' },
    });
    await app.inject({ method: 'POST', url: operations.RealEstateList.path, headers: member, payload: { SerialNumber: 'hosted-bot' } });
    expect(stand.fake.seen).toHaveLength(2);
    for (const seen of stand.fake.seen) {
      expect(seen.headers.authorization).toBe('server-secret');
      expect(seen.headers['chatrobot-sessionkey']).toBe('server-session');
    }

    const bootstrap = await app.inject({ method: 'GET', url: '/console/bootstrap', headers: member });
    expect(bootstrap.json()).toMatchObject({ mode: 'proxy', access: 'signed-in', chatbotIds: ['hosted-bot'] });
    expect(bootstrap.body).not.toContain('server-');
  });

  it('never lends the server\'s keys to a request without a console session: an API client\'s own keys go up, and none is refused here', async () => {
    const { app } = await startProxy({ secretKey: 'server-secret', sessionKey: 'server-session' });
    await app.inject({ method: 'POST', url: operations.Detail.path, headers: { authorization: 'client-secret' }, payload: { serialNumber: 'hosted-bot' } });
    expect(stand.fake.seen).toHaveLength(1);
    expect(stand.fake.seen[0]!.headers.authorization).toBe('client-secret');
    expect(stand.fake.seen[0]!.headers['chatrobot-sessionkey']).toBeUndefined();

    const keyless = await app.inject({ method: 'POST', url: operations.RealEstateList.path, payload: { SerialNumber: 'hosted-bot' } });
    expect(keyless.statusCode).toBe(401);
    expect(keyless.json()).toMatchObject({ Success: false, Code: 401 });
    expect(stand.fake.seen).toHaveLength(1);
  });

  it('with only one key held, a member\'s request carries that one and never the browser\'s other key', async () => {
    const started = await startProxy({ secretKey: 'server-secret', sessionKey: null });
    await started.app.inject({
      method: 'POST',
      url: operations.GetSession.path,
      headers: { ...(await ownerSession(started)), authorization: 'browser-secret', 'chatrobot-sessionkey': 'browser-session' },
      payload: { serialNumber: 'hosted-bot' },
    });
    expect(stand.fake.seen).toHaveLength(1);
    expect(stand.fake.seen[0]!.headers.authorization).toBe('server-secret');
    expect(stand.fake.seen[0]!.headers['chatrobot-sessionkey']).toBeUndefined();
    expect(JSON.stringify(stand.fake.seen[0]!.headers)).not.toContain('browser-');
  });

  it('forwards no other header that could carry a credential', async () => {
    const started = await startProxy({ secretKey: 'server-secret', sessionKey: 'server-session' });
    const member = await ownerSession(started);
    await started.app.inject({
      method: 'POST',
      url: operations.GetSession.path,
      headers: {
        authorization: 'browser-secret',
        cookie: `${member.cookie}; other=browser-cookie`,
        'sec-fetch-site': 'same-origin',
        'proxy-authorization': 'Basic browser-proxy',
        'x-api-key': 'browser-api-key',
        'x-forwarded-for': '10.0.0.1',
      },
      payload: { serialNumber: 'hosted-bot' },
    });
    expect(stand.fake.seen).toHaveLength(1);
    const sent = JSON.stringify(stand.fake.seen[0]!.headers);
    for (const value of ['browser-secret', 'browser-cookie', member.cookie!.split('=')[1]!, 'browser-proxy', 'browser-api-key', '10.0.0.1']) expect(sent).not.toContain(value);
  });

  it('holds a member\'s questions to the grant of the chatbot their session was opened for', async () => {
    const started = await startProxy({ secretKey: 'server-secret', sessionKey: 'server-session', chatbotIds: ['hosted-bot'] });
    const member = await ownerSession(started);
    const opened = await started.app.inject({ method: 'POST', url: operations.GetSession.path, headers: member, payload: { serialNumber: 'hosted-bot' } });
    expect(opened.statusCode).toBe(200);
    const unknown = await started.app.inject({ method: 'POST', url: operations.ClientAsk.path, headers: member, payload: { sessionID: 424242, content: 'Hi' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ Message: 'sessionID: no such session' });
  });

  it('passes a stream through as it arrives', async () => {
    const { app } = await startProxy();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;

    const response = await fetch(`http://127.0.0.1:${port}${operations.ClientAsk.path}`, {
      method: 'POST',
      headers: { ...SECRET, 'content-type': 'application/json' },
      body: JSON.stringify({ sessionID: 7, content: 'Hi', stream: true }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    // The upstream holds the rest back until this first fragment has come through.
    const first = await reader.read();
    expect(decoder.decode(first.value)).toBe('data: {"content":"Hello "}\n\n');
    stand.fake.release();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += decoder.decode(chunk.value, { stream: true });
    expect(rest).toBe('data: {"content":"there"}\n\ndata: {"QuestionID":1,"AnswerID":2,"Answer":"Hello there","TotalToken":3}\n\n');
    expect(stand.fake.seen[0]!.body).toEqual({ sessionID: 7, content: 'Hi', stream: true });
  });

  it('answers 502 in the envelope when the hosted service cannot be reached', async () => {
    const started = await startTestApp({ upstream: { url: 'http://127.0.0.1:1', secretKey: null, sessionKey: null, chatbotIds: [] } });
    stand.track(started);
    const response = await started.app.inject({ method: 'POST', url: operations.Detail.path, headers: SECRET, payload: { serialNumber: 'x' } });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ Success: false, Code: 502, Data: null });
    expect(response.json().Message).toMatch(/could not be reached/);
  });

  it('keeps no local data and serves no local files', async () => {
    const { app, dataDir } = await startProxy();
    expect(existsSync(join(dataDir, DATABASE_FILE))).toBe(false);
    const file = await app.inject({ method: 'GET', url: '/files/1/a.png' });
    expect(file.statusCode).toBe(404);
    expect(stand.fake.seen).toHaveLength(0);
  });
});

describe('proxy mode and the widget', () => {
  it('forwards none of the widget\'s documented operations: the hosted service has its own widget', async () => {
    // The registry is what the proxy forwards; the widget's operations are documented apart from it.
    const forwarded = Object.values(operations).map((spec) => spec.path);
    expect(forwarded.filter((path) => path.startsWith('/widget'))).toEqual([]);

    const { app } = await startProxy({ secretKey: 'server-secret', sessionKey: 'server-session', chatbotIds: ['hosted-bot'] });
    for (const { method, path } of Object.values(WIDGET_OPERATIONS)) {
      const url = path.replace('{chatbotId}', 'hosted-bot');
      for (const site of ['same-origin', 'cross-site']) {
        const response = await app.inject({
          method,
          url: method === 'POST' && url.endsWith('/files') ? `${url}?sessionID=1&fileName=a.png` : url,
          headers: { 'sec-fetch-site': site, origin: 'https://shop.example.com', 'content-type': 'application/json', [VISITOR_TOKEN_HEADER]: 'token' },
          ...(method === 'POST' ? { payload: { sessionID: 1, content: 'Hello' } } : {}),
        });
        expect({ url, site, status: response.statusCode }).toEqual({ url, site, status: site === 'same-origin' ? 404 : expect.any(Number) });
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        expect(response.headers['access-control-allow-origin']).toBeUndefined();
      }
    }
    expect(stand.fake.seen).toEqual([]);
  });
});

import { QueryClient } from '@tanstack/react-query';
import fc from 'fast-check';
import { matchRoutes, type RouteObject } from 'react-router';
import { createRouter } from './router';
import { areaModules, areaOfPath, type Area } from './route-modules';

describe('areaOfPath', () => {
  it('names the area of each route', () => {
    expect(areaOfPath('/bots/demo-bot/listings', true)).toBe('listings');
    expect(areaOfPath('/bots/demo-bot/chat', true)).toBe('chat');
    expect(areaOfPath('/bots/demo-bot/settings', true)).toBe('settings');
    expect(areaOfPath('/bots/demo-bot', true)).toBe('settings');
    expect(areaOfPath('/connection', false)).toBe('connection');
    for (const path of ['/setup', '/invite/', '/account']) expect(areaOfPath(path, false), path).toBe('access');
    expect(areaOfPath('/members', false)).toBe('members');
    expect(areaOfPath('/members/', true)).toBe('members');
    expect(areaOfPath('/activity', true)).toBe('activity');
    expect(areaOfPath('/activity/', true)).toBe('activity');
  });

  it('follows the start page for `/`', () => {
    expect(areaOfPath('/', true)).toBe('listings');
    expect(areaOfPath('/', false)).toBe('connection');
  });

  it('names nothing for a path no area answers', () => {
    expect(areaOfPath('/bots/demo-bot/nowhere', true)).toBeUndefined();
    expect(areaOfPath('/elsewhere', true)).toBeUndefined();
    expect(areaOfPath('/members/extra', true)).toBeUndefined();
    expect(areaOfPath('/activity/extra', true)).toBeUndefined();
    // A page of its own, not one of the dashboard's areas (src/sign-in.tsx).
    expect(areaOfPath('/sign-in', false)).toBeUndefined();
    expect(areaOfPath('/constructor', true)).toBeUndefined();
  });
});

describe('areaOfPath and the router agree', () => {
  /** The area whose module each route of the router loads, found by calling its `lazy`. */
  async function areaLoadedBy(route: RouteObject): Promise<Area | undefined> {
    let loaded: Area | undefined;
    // A module that never arrives: only which one was asked for matters.
    const spies = (Object.keys(areaModules) as Area[]).map((area) =>
      vi.spyOn(areaModules as Record<Area, () => Promise<unknown>>, area).mockImplementation(() => {
        loaded = area;
        return new Promise(() => {});
      }),
    );
    void (route.lazy as (() => Promise<unknown>) | undefined)?.();
    for (const spy of spies) spy.mockRestore();
    return loaded;
  }

  /** The area the router opens for a path: the lazy page of its deepest match, or where its redirect leads. */
  async function routerArea(routes: RouteObject[], pathname: string): Promise<Area | undefined> {
    const matches = matchRoutes(routes, pathname);
    const deepest = matches?.at(-1);
    if (!deepest) return undefined;
    if (deepest.route.path === '*') return undefined;
    // `/` and `/bots/:botId` redirect: to the start page, and to the chatbot's settings.
    if (pathname === '/') return areaOfPath('/', true);
    if (deepest.route.index && deepest.pathname.startsWith('/bots/')) return 'settings';
    return areaLoadedBy(deepest.route);
  }

  const word = fc.constantFrom(
    'bots',
    'demo-bot',
    'settings',
    'chat',
    'listings',
    'connection',
    'sign-in',
    'setup',
    'invite',
    'members',
    'account',
    'activity',
    'nowhere',
  );
  // Paths shaped like the app's, near misses included, and any mix of its words, with or
  // without a trailing slash (an empty segment inside a path is the router's own business).
  const path = fc
    .tuple(
      fc.oneof(
        fc.tuple(fc.constantFrom('demo-bot', 'bots', 'x'), fc.option(word), fc.option(fc.constant('extra'))).map(([id, section, extra]) =>
          ['bots', id, ...(section ? [section, ...(extra ? [extra] : [])] : [])],
        ),
        word.map((name) => [name]),
        fc.array(word, { maxLength: 4 }),
      ),
      fc.boolean(),
    )
    .map(([segments, trailingSlash]) => `/${segments.join('/')}${trailingSlash && segments.length > 0 ? '/' : ''}`);

  it('for any path: boot.ts starts loading the very page the router shows', async () => {
    const routes = createRouter(new QueryClient()).routes as RouteObject[];
    await fc.assert(
      fc.asyncProperty(path, async (pathname) => {
        expect(areaOfPath(pathname, true), pathname).toBe(await routerArea(routes, pathname));
      }),
      { numRuns: 400 },
    );
    // Every area is reached by some path.
    const pathOfArea: Record<Area, string> = {
      connection: '/connection',
      settings: '/bots/demo-bot/settings',
      chat: '/bots/demo-bot/chat',
      listings: '/bots/demo-bot/listings',
      access: '/account',
      members: '/members',
      activity: '/activity',
    };
    for (const area of Object.keys(areaModules) as Area[]) {
      expect(await routerArea(routes, pathOfArea[area])).toBe(area);
    }
  });
});

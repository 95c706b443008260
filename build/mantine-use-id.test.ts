import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { mantineUseId } from './mantine-use-id';
import { useId } from './use-id';

describe('mantineUseId', () => {
  const load = mantineUseId().load as (id: string) => string | null;

  it("loads Mantine's use-id module as a re-export of ours, whichever way the path is written", () => {
    for (const id of ['/app/node_modules/@mantine/hooks/esm/use-id/use-id.mjs', 'C:\\app\\node_modules\\@mantine\\hooks\\esm\\use-id\\use-id.mjs']) {
      expect(load(id)).toMatch(/^export \{ useId \} from ".*[\\/]build[\\/]use-id\.ts";$/);
    }
  });

  it('leaves every other module alone, Mantine’s other hooks included', () => {
    expect(load('/app/node_modules/@mantine/hooks/esm/use-id/use-react-id.mjs')).toBeNull();
    expect(load('/app/node_modules/@mantine/hooks/esm/use-merged-ref/use-merged-ref.mjs')).toBeNull();
    expect(load('/app/src/lib/use-id.mjs')).toBeNull();
  });
});

describe('useId', () => {
  function Field({ id }: { id?: string }) {
    return createElement('input', { id: useId(id) });
  }

  it("gives each component React's own id as Mantine writes it, and a given id as it is", () => {
    const html = renderToStaticMarkup(createElement(Fragment, null, createElement(Field), createElement(Field), createElement(Field, { id: 'name' })));
    const ids = [...html.matchAll(/id="([^"]+)"/g)].map((match) => match[1]);
    expect(ids).toHaveLength(3);
    expect(ids[0]).toMatch(/^mantine-\w+$/);
    expect(ids[1]).toMatch(/^mantine-\w+$/);
    expect(ids[0]).not.toBe(ids[1]);
    expect(ids[2]).toBe('name');
  });
});

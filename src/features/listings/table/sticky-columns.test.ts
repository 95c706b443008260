import { describe, expect, it } from 'vitest';
import { LISTING_COLUMNS, type ListingColumn } from './listing-columns';
import classes from './listings-table.module.css';
import { cellLayouts } from './sticky-columns';

const byId = (ids: string[]) => ids.map((id) => LISTING_COLUMNS.find((column) => column.id === id)!);
const vars = (layout: { style: object }) => layout.style as Record<string, string>;
const has = (layout: { className: string }, name: string | undefined) => layout.className.split(' ').includes(name!);

describe('cellLayouts', () => {
  it('sticks photo and address after the selection box on wide screens, only the address on phones', () => {
    const [photo, address, city] = cellLayouts(byId(['photo', 'address', 'city']), 44);
    expect(vars(photo!)['--sticky-left']).toBe('44px');
    expect(has(photo!, classes.wideOnly)).toBe(true);
    expect(vars(address!)['--sticky-left']).toBe('128px');
    expect(vars(address!)['--sticky-left-narrow']).toBe('44px');
    expect(vars(address!)['--narrow-width']).toBe('150px');
    expect(has(address!, classes.edgeWide) && has(address!, classes.edgeNarrow)).toBe(true);
    expect(has(city!, classes.sticky)).toBe(false);
    // Body cells: where they stick, never their width (the header row sets it).
    expect(address!.body.style).toEqual({ '--sticky-left': '128px', '--sticky-left-narrow': '44px' });
    expect(address!.body.className.split(' ')).toEqual(expect.arrayContaining([classes.sticky, classes.edgeWide, classes.edgeNarrow]));
    expect(address!.body.className.split(' ')).not.toContain(classes.column);
    expect(city!.body.style).toBeUndefined();
  });

  it('moves the address next to the selection box when the photo is hidden', () => {
    const [address] = cellLayouts(byId(['address', 'city']), 44);
    expect(vars(address!)['--sticky-left']).toBe('44px');
    expect(vars(address!)['--sticky-left-narrow']).toBe('44px');
  });

  it('sticks nothing after the first column that is not sticky', () => {
    const late: ListingColumn = { ...byId(['address'])[0]!, id: 'late' };
    const layouts = cellLayouts([...byId(['city']), late], 44);
    expect(layouts.every((layout) => !has(layout, classes.sticky))).toBe(true);
  });
});

it('the classes it hands out exist in the stylesheet', () => {
  for (const name of ['column', 'sticky', 'wideOnly', 'edgeWide', 'edgeNarrow'] as const) expect(classes[name]).toEqual(expect.any(String));
});

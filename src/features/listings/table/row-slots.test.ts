import { assignRowSlots } from './row-slots';

const slotsOf = (previous: ReadonlyMap<number, number>, ids: number[]) => assignRowSlots(previous, ids);

describe('assignRowSlots', () => {
  it('numbers the first rows in order', () => {
    expect(slotsOf(new Map(), [7, 3, 9]).slots).toEqual([0, 1, 2]);
  });

  it('gives a whole new page the same slots in the same order, so no row moves', () => {
    const first = slotsOf(new Map(), [1, 2, 3, 4]);
    const next = slotsOf(first.byId, [5, 6, 7, 8]);
    expect(next.slots).toEqual(first.slots);
    expect([...next.byId]).toEqual([
      [5, 0],
      [6, 1],
      [7, 2],
      [8, 3],
    ]);
  });

  it('keeps the slot of a listing that stays, wherever it moves', () => {
    const first = slotsOf(new Map(), [1, 2, 3]);
    expect(slotsOf(first.byId, [3, 1, 2]).slots).toEqual([2, 0, 1]);
  });

  it('gives an arriving listing a freed slot, and the slot of a removed one never to a listing that stayed', () => {
    // Listing 2 deleted, listing 4 comes up from the next page.
    const first = slotsOf(new Map(), [1, 2, 3]);
    const next = slotsOf(first.byId, [1, 3, 4]);
    expect(next.slots).toEqual([0, 2, 1]);
  });

  it('adds new slots when the page grows, and forgets slots when it shrinks', () => {
    const first = slotsOf(new Map(), [1, 2]);
    const grown = slotsOf(first.byId, [1, 2, 3, 4]);
    expect(grown.slots).toEqual([0, 1, 2, 3]);
    const shrunk = slotsOf(grown.byId, [9]);
    expect(shrunk.slots).toEqual([0]);
    expect(slotsOf(shrunk.byId, [9, 10, 11]).slots).toEqual([0, 1, 2]);
  });

  it('keeps every slot unique, even for a repeated id', () => {
    const first = slotsOf(new Map(), [1, 1, 2]);
    expect(new Set(first.slots).size).toBe(3);
    const next = slotsOf(first.byId, [2, 1, 1, 1]);
    expect(new Set(next.slots).size).toBe(4);
  });
});

import { useState } from 'react';

/**
 * Keys for the table's rows that let a page change reuse the rows' elements.
 *
 * Keyed by listing id, a page change (every id new) makes React remove 100 rows and build 100
 * new ones: some 2,200 elements created, styled and laid out afresh. Keyed by "slot", a row's
 * elements stay and only their text and attributes change. A listing that stays on screen
 * keeps its slot, so its row (and the focus or hover inside it) follows it when others come or
 * go; a listing that arrives takes a slot left free, in the order the free slots were shown,
 * so a whole new page fills the rows in place and moves none.
 */
export interface RowSlots {
  /** The slot of the row at each position. */
  slots: number[];
  /** Listing id to slot, to give the next call as `previous`. */
  byId: ReadonlyMap<number, number>;
}

export function assignRowSlots(previous: ReadonlyMap<number, number>, ids: readonly number[]): RowSlots {
  const slots: number[] = new Array<number>(ids.length);
  const taken = new Set<number>();
  ids.forEach((id, position) => {
    const slot = previous.get(id);
    // A repeated id gets a slot of its own: keys must stay unique.
    if (slot !== undefined && !taken.has(slot)) {
      slots[position] = slot;
      taken.add(slot);
    }
  });
  const free = [...previous.values()].filter((slot) => !taken.has(slot));
  let fresh = Math.max(-1, ...previous.values()) + 1;
  let nextFree = 0;
  const byId = new Map<number, number>();
  ids.forEach((id, position) => {
    slots[position] ??= nextFree < free.length ? free[nextFree++]! : fresh++;
    if (!byId.has(id)) byId.set(id, slots[position]);
  });
  return { slots, byId };
}

/**
 * The slots of `listings`' rows. They are worked out again only when `listings` is another
 * array, from the slots of the previous one (React's pattern for state that follows a prop).
 */
export function useRowSlots(listings: readonly { ID: number }[]): readonly number[] {
  const [state, setState] = useState(() => ({ listings, assigned: assignRowSlots(new Map(), listings.map(idOf)) }));
  if (state.listings === listings) return state.assigned.slots;
  const assigned = assignRowSlots(state.assigned.byId, listings.map(idOf));
  setState({ listings, assigned });
  return assigned.slots;
}

const idOf = (listing: { ID: number }) => listing.ID;

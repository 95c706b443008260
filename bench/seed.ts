import { writeFile } from 'node:fs/promises';
import { listingRowOf, type CreateListingRequest } from '../src/api/contract';
import { DEMO_CITIES, demoListings } from '../src/demo-data';
import { openDatabase } from '../server/db';
import { createListingStore } from '../server/db/listings';

/**
 * The city that holds most of the seeded listings: the list-latency figure asks for page
 * 500 of 100 rows with a city filter, which exists only when one city has 50,000+ listings.
 */
export const BIG_CITY: (typeof DEMO_CITIES)[number] = DEMO_CITIES[0]!;

/** demoListings cycles through the cities; these positions of each cycle move to BIG_CITY. */
const MOVED_TO_BIG_CITY = new Set([1, 2, 3]);

function inBigCity(listing: CreateListingRequest, index: number): CreateListingRequest {
  const from = DEMO_CITIES.find((city) => city.City === listing.City);
  if (!from || from === BIG_CITY) return listing;
  const neighbourhood = BIG_CITY.neighbourhoods[index % BIG_CITY.neighbourhoods.length]!;
  const moved: CreateListingRequest = {
    ...listing,
    City: BIG_CITY.City,
    State: BIG_CITY.State,
    ZIP: `${BIG_CITY.ZIP}${(listing.ZIP ?? '').slice(-2)}`,
    Location: neighbourhood,
    Description: listing.Description?.replace(`${listing.Location}, ${from.City}`, `${neighbourhood}, ${BIG_CITY.City}`),
  };
  if (listing.Latitude !== undefined) moved.Latitude = listing.Latitude - from.latitude + BIG_CITY.latitude;
  if (listing.Longitude !== undefined) moved.Longitude = listing.Longitude - from.longitude + BIG_CITY.longitude;
  return moved;
}

/**
 * `count` realistic listings (the demo generator's), two thirds of them in BIG_CITY. They
 * are generated for their own id so their MLS numbers and URLs differ from the ~60 demo
 * listings the service already seeded for the chatbot.
 */
export function benchListings(chatbotId: string, count: number): CreateListingRequest[] {
  return demoListings(`${chatbotId}-bulk`, count).map((listing, index) =>
    MOVED_TO_BIG_CITY.has(index % DEMO_CITIES.length) ? inBigCity({ ...listing, SerialNumber: chatbotId }, index) : { ...listing, SerialNumber: chatbotId },
  );
}

export interface SeededListings {
  chatbotId: string;
  firstId: number;
  lastId: number;
  /** Time of the insert transaction alone. */
  insertMs: number;
}

/**
 * Writes the listings straight into the service's SQLite file, with the service's own
 * listing store, in one transaction; the running service sees them at once (WAL mode).
 */
export function seedListings(databaseFile: string, chatbotId: string, listings: readonly CreateListingRequest[]): SeededListings {
  const db = openDatabase(databaseFile);
  try {
    const store = createListingStore(db);
    const fields = listings.map(({ SerialNumber: _chatbot, ...rest }) => rest);
    const started = performance.now();
    const ids = store.createMany(chatbotId, fields, Date.now());
    const insertMs = performance.now() - started;
    // Fold the big write into the main file, so the service's reads do not go through a huge WAL.
    db.pragma('wal_checkpoint(TRUNCATE)');
    return { chatbotId, firstId: ids[0]!, lastId: ids.at(-1)!, insertMs };
  } finally {
    db.close();
  }
}

/** Deletes exactly the seeded listings, in one transaction. */
export function removeListings(databaseFile: string, seeded: SeededListings): { removed: number; ms: number } {
  const db = openDatabase(databaseFile);
  try {
    const started = performance.now();
    const { changes } = db
      .prepare('DELETE FROM listings WHERE chatbot_id = ? AND id BETWEEN ? AND ?')
      .run(seeded.chatbotId, seeded.firstId, seeded.lastId);
    const ms = performance.now() - started;
    db.pragma('wal_checkpoint(TRUNCATE)');
    return { removed: changes, ms };
  } finally {
    db.close();
  }
}

/**
 * The same listings as json-server's database: RealEstateList's rows (numbers as text),
 * newest first like the service's list, under `listings`.
 */
export async function writeJsonServerDatabase(file: string, listings: readonly CreateListingRequest[], seeded: SeededListings): Promise<void> {
  const rows = listings.map((listing, index) => {
    const id = seeded.firstId + index;
    return { id: String(id), ...listingRowOf(listing, id) };
  });
  rows.reverse();
  await writeFile(file, JSON.stringify({ listings: rows }));
}

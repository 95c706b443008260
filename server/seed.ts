import { createChatbotSettings, DEMO_STAGING_OVERRIDES, demoListings } from '../src/demo-data';
import type { Stores } from './db';

export const DEMO_LISTING_COUNT = 60;

/**
 * Gives every configured chatbot that does not exist yet the demo settings and demo
 * listings. A chatbot that exists is left alone, even with no listings left, so seeding
 * happens once per chatbot and never undoes what a user deleted. The staging chatbot starts
 * from DEMO_STAGING_OVERRIDES.
 */
export function seedChatbots(stores: Stores, chatbotIds: readonly string[], now: number, stagingChatbotId?: string): string[] {
  const seeded: string[] = [];
  for (const id of chatbotIds) {
    if (stores.chatbots.exists(id)) continue;
    const listings = demoListings(id, DEMO_LISTING_COUNT).map(({ SerialNumber: _chatbot, ...fields }) => fields);
    stores.transaction(() => {
      stores.chatbots.create(id, createChatbotSettings(id === stagingChatbotId ? DEMO_STAGING_OVERRIDES : {}), now);
      stores.listings.createMany(id, listings, now);
    });
    seeded.push(id);
  }
  return seeded;
}

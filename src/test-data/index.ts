export { createRandom, seedOf, type Random } from './random';
export {
  AREA_UNIT_ABBREVIATIONS,
  DEMO_CITIES,
  createListing,
  createListingRow,
  demoListings,
  listingRowOf,
} from './listings';
export { DEMO_CHATBOT_SETTINGS, DEMO_STAGING_OVERRIDES, createChatbotSettings } from './chatbot-settings';

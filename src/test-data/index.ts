export { createRandom, seedOf, type Random } from './random';
export {
  AREA_UNIT_ABBREVIATIONS,
  DEMO_CITIES,
  createListing,
  createListingRow,
  demoListings,
  listingRowOf,
} from './listings';
export { DEMO_CHATBOT_SETTINGS, createChatbotSettings } from './chatbot-settings';

export { createRandom, seedOf, type Random } from './random';
export {
  DEMO_CITIES,
  createListing,
  createListingRow,
  demoListings,
} from './listings';
export { DEMO_CHATBOT_SETTINGS, DEMO_STAGING_OVERRIDES, createChatbotSettings } from './chatbot-settings';

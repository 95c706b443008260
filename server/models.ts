import type { Model } from '../src/api/contract';

/** What ModelList answers. Status false: listed by the hosted service but not selectable. */
export const MODELS: readonly Model[] = [
  { Key: 'gpt-4o-mini', Value: 'GPT-4o mini (fast)', Status: true },
  { Key: 'gpt-4o', Value: 'GPT-4o', Status: true },
  { Key: 'gpt-4.1', Value: 'GPT-4.1', Status: true },
  { Key: 'gpt-4.1-mini', Value: 'GPT-4.1 mini', Status: true },
  { Key: 'gpt-3.5-turbo', Value: 'GPT-3.5 Turbo (retired)', Status: false },
  { Key: 'gpt-4-turbo', Value: 'GPT-4 Turbo (unavailable on this plan)', Status: false },
];

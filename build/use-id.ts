import { useId as useReactId } from 'react';

/**
 * Mantine's `useId`, without its second render. Mantine 9's hook starts from React's id and
 * then, in a layout effect, replaces it with a random one: a state update inside React's
 * commit, which React renders again at once, synchronously. Every input (through its
 * InputWrapper), switch, select, popover and alert rendered twice as it mounted, in the same
 * task: 47 such renders on a first visit to settings. React's id is unique in its root, and
 * the console's document has one root (src/main.tsx), so it serves as it is.
 * See mantine-use-id.ts for how Mantine's components get this one.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  if (typeof staticId === 'string') return staticId;
  // As Mantine writes it; React's ids hold only letters, digits and underscores today.
  return `mantine-${reactId.replace(/[^\w-]/g, '')}`;
}

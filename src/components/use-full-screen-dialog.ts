import { useMediaQuery } from '@mantine/hooks';

/** Below Mantine's `sm` breakpoint (48em): phones, where the navigation is a drawer too. */
export const NARROW_SCREEN_QUERY = '(max-width: 47.99em)';

/**
 * Whether a dialog should take the whole screen (Mantine's `fullScreen`): on a phone a
 * centred dialog leaves no room for its fields, and a tall one opened its title above the
 * visible screen. Read at the first render, so a dialog opens at its final size.
 */
export function useFullScreenDialog(): boolean {
  return useMediaQuery(NARROW_SCREEN_QUERY, undefined, { getInitialValueInEffect: false });
}

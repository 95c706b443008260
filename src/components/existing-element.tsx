import { useLayoutEffect, type Ref } from 'react';

/**
 * Hands an element rendered elsewhere to a Popover/Menu/Tooltip target as its target
 * (positioning and "click outside"); the props the target would add are set on that element
 * by its owner. It lets a page draw a button at once and bring the popover's code later
 * without swapping the button (which would lose focus under a keyboard user).
 */
export function ExistingElement({ element, ref }: { element: HTMLElement; ref?: Ref<HTMLElement> }) {
  useLayoutEffect(() => {
    if (typeof ref === 'function') {
      const cleanup = ref(element);
      return () => {
        if (typeof cleanup === 'function') cleanup();
        else ref(null);
      };
    }
    if (ref) {
      ref.current = element;
      return () => {
        ref.current = null;
      };
    }
  }, [element, ref]);
  return null;
}

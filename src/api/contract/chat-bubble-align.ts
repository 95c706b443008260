/**
 * The alignment codes the interface leaves open; we chose 0 = right, 1 = left. Its own module,
 * free of zod, so the widget's script (src/widget) can import it and stay small.
 */
export const CHAT_BUBBLE_ALIGN = { right: 0, left: 1 } as const;

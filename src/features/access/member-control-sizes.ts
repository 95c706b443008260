/**
 * The sizes of a member row's selects, which their placeholders take too
 * (lazy-member-controls.tsx): one module for both, so the table keeps its columns when the
 * selects arrive.
 */
export const ROLE_SELECT_WIDTH = 130;
export const CHATBOTS_SELECT_MIN_WIDTH = 200;

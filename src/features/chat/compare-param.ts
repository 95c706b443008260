/**
 * The address's parameter that turns Compare on and names the second chatbot (the page's own
 * is the first). A module of its own: the header's chatbot switcher keeps it (src/app), and the
 * first page's code should not bring in the rest of Compare for one name.
 */
export const COMPARE_PARAM = 'compare';

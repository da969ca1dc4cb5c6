/** Public account pages: registration, its result, password recovery and the expired-link page. */
export const register = {
  'placeholder.keep': '保留',
};

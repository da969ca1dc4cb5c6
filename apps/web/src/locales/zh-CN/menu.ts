export const menu = {
  'placeholder.menu': 'menu',
};

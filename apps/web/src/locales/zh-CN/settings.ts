export const settings = {
  'placeholder.settings': 'settings',
};

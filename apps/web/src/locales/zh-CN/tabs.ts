export const tabs = {
  'placeholder.tabs': 'tabs',
};

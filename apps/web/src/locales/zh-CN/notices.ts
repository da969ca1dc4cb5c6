export const notices = {
  'placeholder.notices': 'notices',
};

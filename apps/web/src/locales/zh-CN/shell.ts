export const shell = {
  'placeholder.shell': 'shell',
};

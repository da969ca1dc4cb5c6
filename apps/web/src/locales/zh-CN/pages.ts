export const pages = {
  'placeholder.pages': 'pages',
};

import type { TranslationsOf } from '../types';
import type { errors as reference } from '../zh-CN/errors';

export const errors: TranslationsOf<typeof reference> = {
  'api.backendUnavailable': 'Backend not started or proxy error',
  'api.badResponse': 'The server sent a response that could not be understood',
  'api.forbidden': 'Forbidden',
  'api.unauthorized': 'Unauthorized',
  'api.unauthorizedDescription': 'Authorization verification failed',
  'pages.forbidden.title': 'No permission',
  'pages.forbidden.subTitle': 'Sorry, you have no permission to access this page.',
  'pages.notFound.title': 'Page not found',
  'pages.notFound.subTitle': 'Sorry, the page you visited does not exist or is still under development.',
  'pages.serverError.title': 'Server error',
  'pages.serverError.subTitle': 'Sorry, something went wrong on the server. Please try again later.',
  'pages.backToConsole': 'Back to the console',
};

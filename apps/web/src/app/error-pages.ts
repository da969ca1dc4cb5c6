/* One chunk for the stand-alone error pages, loaded only when one is shown. */
export { ForbiddenPage } from '@/features/errors/forbidden-page';
export { NotFoundPage } from '@/features/errors/not-found-page';
export { ServerErrorPage } from '@/features/errors/server-error-page';

// HTTP headers both ends name. Kept free of zod: the sign-in page's API client imports them.

/**
 * A response header on every answer to a signed-in session's request: the version of what users
 * may reach (applications, menus, roles, permissions), a number that grows whenever staff change
 * any of them or a user's roles. A console seeing it grow past the version its user (menus) was
 * loaded at loads the user again, so the side menu follows without a reload.
 */
export const ACCESS_VERSION_HEADER = 'x-access-version';

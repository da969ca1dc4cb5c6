/** Business constants and limits of spec section 9, named once. */
export const TOKEN_TTL_MS = 604_800_000; // 7 days
export const API_TIMEOUT_MS = 6000;
export const LOGOUT_RELOAD_DELAY_MS = 16;
export const UNAUTHORIZED_RELOAD_DELAY_MS = 1500;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_LOCK_MS = 5 * 60_000;

export const CAPTCHA_LENGTH = 4;
export const CAPTCHA_TTL_MS = 2 * 60_000;

export const ACCOUNT_MAX_LENGTH = 64;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 16;
/** Upper bound on what the sign-in form accepts, so hashing stays cheap. */
export const LOGIN_PASSWORD_MAX_LENGTH = 128;
/** The longest address mail can carry (RFC 5321 4.5.3.1.3: a path of 256 octets, less its brackets). */
export const EMAIL_MAX_LENGTH = 254;

export const DEFAULT_PAGE_SIZE = 10;
export const FIRST_PAGE = 1;
export const MAX_IDS_PER_QUERY = 10;
export const MAX_SN_RESULTS_SHOWN = 100;
export const MAX_APPLICATION_QUANTITY = 1000;
export const RELEASE_NOTES_PAGE_SIZE = 5;

export const ROOT_MENU_PID = 0;
export const DEFAULT_APP_CODE = 'mirror';
export const SYSTEM_APP_CODE = 'system';
export const ADMIN_TYPE_SUPER = '1';
export const ADMIN_TYPE_ORDINARY = '2';
export const SOURCE_TYPE_REGISTERED = '01';

export const VERIFY_CODE_LENGTH = 6;
export const VERIFY_CODE_TTL_MS = 10 * 60_000;
export const VERIFY_CODE_MAX_ATTEMPTS = 5;
/** One code per account per minute; the server answers 429 with Retry-After inside it. */
export const VERIFY_CODE_RESEND_MS = 60_000;

/** What other features may use of sign-in: the signed-in user's query key and the public configuration. */
export { loginUserQueryKey } from './api/get-login-user';
export { usePublicConfig } from './api/get-public-config';
export { CaptchaGuardedSubmit, useCaptchaGuard } from './components/captcha-guard';

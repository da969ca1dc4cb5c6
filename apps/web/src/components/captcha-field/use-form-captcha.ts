import type { FormInstance } from 'antd';
import { useCaptchaNonce } from './use-captcha-nonce';

/**
 * The captcha of an antd form whose `captcha` answer the server spends on every attempt (a
 * submit, a code sent): `renew` shows a new image and empties the answer for the next try;
 * `refresh` only fetches a new image (the reader could not read it).
 */
export function useFormCaptcha(form: FormInstance) {
  const [nonce, refresh] = useCaptchaNonce();
  const renew = () => {
    refresh();
    form.setFieldValue('captcha', '');
  };
  return { nonce, refresh, renew };
}

import type { FormInstance } from 'antd';
import { type ReactNode, useState } from 'react';
import { CaptchaField } from '@/components/captcha-field/captcha-field';
import { useFormCaptcha } from '@/components/captcha-field/use-form-captcha';
import { SubmitWithServerError } from '@/components/submit-with-server-error';
import { usePublicConfig } from '../api/get-public-config';

/**
 * A signed-out form the server may guard with a captcha (registration, password recovery):
 * whether it asks for one, the image, and the server's refusal of the last try. The server
 * spends the answer on every try, so a refusal shows a new image and empties the answer.
 */
export function useCaptchaGuard(form: FormInstance) {
  const config = usePublicConfig();
  const enabled = config.data?.captchaEnabled === true;
  const captcha = useFormCaptcha(form);
  const [serverError, setServerError] = useState<string>();
  return {
    enabled,
    captcha,
    serverError,
    /** The public configuration is still loading: whether a captcha is needed is not known yet. */
    deciding: config.isPending,
    /** The answer to send with a try: none when the server asks for none. */
    answerOf: (answer: string | undefined) => (enabled ? answer?.trim() : undefined),
    /** A new try: the last refusal goes. */
    trying: () => setServerError(undefined),
    /** The server refused: why, above the button, and a new image for the next try. */
    refused: (error: Error) => {
      setServerError(error.message);
      if (enabled) captcha.renew();
    },
  };
}

export type CaptchaGuard = ReturnType<typeof useCaptchaGuard>;

interface CaptchaGuardedSubmitProps {
  guard: CaptchaGuard;
  testId: string;
  loading: boolean;
  children: ReactNode;
}

/** The end of such a form: the captcha when asked, the last refusal, the wide submit button. */
export function CaptchaGuardedSubmit({ guard, testId, loading, children }: CaptchaGuardedSubmitProps) {
  return (
    <>
      {guard.enabled && <CaptchaField nonce={guard.captcha.nonce} onRefresh={guard.captcha.refresh} />}
      <SubmitWithServerError
        serverError={guard.serverError}
        testId={testId}
        loading={loading}
        disabled={guard.deciding}
      >
        {children}
      </SubmitWithServerError>
    </>
  );
}

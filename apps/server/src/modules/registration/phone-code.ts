import type { Locale, VerifyCodeSent } from '@portal/contract';
import { AppError } from '../../lib/app-error';
import { translate } from '../../lib/i18n/messages';
import {
  CODE_MINUTES,
  type CodePurpose,
  codeSent,
  type VerifyCodeService,
} from '../account/verify-code.service';
import type { SmsService } from '../sms/sms.service';
import { isValidPhone, normalisePhone } from './registration-rules';

/** The phone's last 4 digits only. */
const maskPhone = (phone: string) => `***${phone.slice(-4)}`;

/**
 * Texts a code to a phone someone is proving theirs (registering it, or binding it to their
 * account), in the caller's language. An invalid number is a field error; an SMS that cannot be
 * sent is VERIFY_CODE_SEND_FAILED.
 */
export async function textPhoneCode(
  deps: { codes: VerifyCodeService; sms: SmsService },
  request: { purpose: CodePurpose; rawPhone: string; userId: number | null; locale: Locale },
): Promise<VerifyCodeSent> {
  const phone = normalisePhone(request.rawPhone);
  if (!isValidPhone(phone)) throw AppError.invalidFields([{ field: 'phone', messageKey: 'PHONE_INVALID' }]);
  const code = await deps.codes.issue(request.purpose, phone, request.userId);
  try {
    await deps.sms.send({
      phone,
      text: translate(request.locale, 'SMS_CODE_TEXT', { code, minutes: CODE_MINUTES }),
    });
  } catch {
    throw new AppError('VERIFY_CODE_SEND_FAILED');
  }
  return codeSent(maskPhone(phone));
}

import { randomInt } from 'node:crypto';
import { USER_CODE_ALPHABET, USER_CODE_LENGTH } from '@portal/contract';

/** A new user code: `USER_CODE_LENGTH` characters drawn uniformly (no modulo bias) from the alphabet. */
export function generateUserCode(): string {
  let code = '';
  for (let i = 0; i < USER_CODE_LENGTH; i += 1)
    code += USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)];
  return code;
}

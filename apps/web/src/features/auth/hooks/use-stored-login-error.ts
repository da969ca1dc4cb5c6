import { useEffect, useState } from 'react';
import { readStored, removeStored } from '@/lib/storage';

/**
 * The message left behind when a session ended during a tool request, shown once on the
 * sign-in page. Read in the state initialiser and removed in an effect, because React may
 * run initialisers twice in development.
 */
export function useStoredLoginError(): string | undefined {
  const [message] = useState(() => readStored('loginError') || undefined);
  useEffect(() => removeStored('loginError'), []);
  return message;
}

import { common } from './common';
import { errors } from './errors';
import { home } from './home';
import { login } from './login';

export const translations = { common, login, home, errors };

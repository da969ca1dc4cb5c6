import type { TranslationsOf } from '../types';
import type { login as reference } from '../zh-CN/login';

export const login: TranslationsOf<typeof reference> = {
  'pages.login.title': 'Sign in',
  'pages.login.subtitle': 'Sign in to download server firmware and software',
  'pages.login.account.placeholder': 'Account',
  'pages.login.account.required': 'Please enter your account',
  'pages.login.password.placeholder': 'Password',
  'pages.login.password.required': 'Please enter your password',
  'pages.login.captcha.placeholder': 'Verification code',
  'pages.login.captcha.required': 'Please enter the verification code',
  'pages.login.captcha.alt': 'Verification code image',
  'pages.login.captcha.refresh': 'Hard to read? Click for a new code',
  'pages.login.submit': 'Sign in',
  'pages.login.lockedUntil': 'Too many failed sign-ins: the account is locked until {{time}}',
  'welcome.title': 'Welcome',
  'welcome.morning': 'Good morning, welcome back',
  'welcome.afternoon': 'Good afternoon, welcome back',
  'welcome.evening': 'Good evening, welcome back',
  'tokenLink.switch.title': 'You are already signed in',
  'tokenLink.switch.text':
    'This link signs in with another session. Keep your current account, or sign in with the link? Choose the link only if you opened it yourself from a system you trust.',
  'tokenLink.switch.keep': 'Keep my current account',
  'tokenLink.switch.accept': 'Sign in with the link',
};

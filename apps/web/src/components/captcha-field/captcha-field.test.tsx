import { act, fireEvent, render, screen } from '@testing-library/react';
import { Form } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n';
import { CaptchaField } from './captcha-field';

beforeEach(async () => {
  await act(() => changeLocale('en-US'));
});

describe('CaptchaField', () => {
  it('shows the image for the nonce and asks for a new one on click', () => {
    const onRefresh = vi.fn();
    const { rerender } = render(
      <Form>
        <CaptchaField nonce={1} onRefresh={onRefresh} />
      </Form>,
    );
    const image = screen.getByTestId('captcha-image');
    expect(image.getAttribute('src')).toMatch(/\/captcha\.jpg\?t=1$/);
    expect(image.getAttribute('alt')).toBe('Verification code image');
    fireEvent.click(screen.getByRole('button', { name: 'Hard to read? Click for a new code' }));
    expect(onRefresh).toHaveBeenCalledOnce();
    rerender(
      <Form>
        <CaptchaField nonce={2} onRefresh={onRefresh} />
      </Form>,
    );
    expect(screen.getByTestId('captcha-image').getAttribute('src')).toMatch(/\?t=2$/);
  });

  it('requires an answer, and names the input for screen readers', async () => {
    const onFinish = vi.fn();
    render(
      <Form onFinish={onFinish}>
        <CaptchaField nonce={1} onRefresh={() => undefined} />
        <button type="submit">Send</button>
      </Form>,
    );
    expect(screen.getByRole('textbox', { name: 'Verification code' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please enter the verification code')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
  });
});

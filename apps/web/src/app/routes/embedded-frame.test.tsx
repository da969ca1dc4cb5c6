import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setAccessToken } from '@/lib/session';
import { okResponse, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { EmbeddedFrame, frameSource } from './embedded-frame';

const allowed = ['https://bi.example'];

describe('frameSource', () => {
  it('appends the token to a link that asks for it, on an allowed origin or the portal itself', () => {
    expect(frameSource('https://bi.example/r?id=1&token=', 'abc', allowed)).toBe(
      'https://bi.example/r?id=1&token=abc',
    );
    expect(frameSource(`${window.location.origin}/report?token=`, 'abc', [])).toBe(
      `${window.location.origin}/report?token=abc`,
    );
    expect(frameSource('/report?token=', 'abc', [])).toBe('/report?token=abc');
  });

  it('sends no token to any other origin', () => {
    expect(frameSource('https://collector.example/r?token=', 'abc', allowed)).toBe(
      'https://collector.example/r?token=',
    );
    // Look-alike origins are other origins.
    expect(frameSource('https://bi.example.evil.test/r?token=', 'abc', allowed)).toBe(
      'https://bi.example.evil.test/r?token=',
    );
    expect(frameSource('http://bi.example/r?token=', 'abc', allowed)).toBe('http://bi.example/r?token=');
  });

  it('leaves other links alone', () => {
    expect(frameSource('https://bi.example/r?id=1', 'abc', allowed)).toBe('https://bi.example/r?id=1');
  });
});

describe('<EmbeddedFrame>', () => {
  it('is as tall as the window minus 260px and carries the stored token to an allowed origin', async () => {
    setAccessToken('tok');
    window.innerHeight = 900;
    stubFetch({
      '/api/config': () =>
        okResponse({ captchaEnabled: false, portalName: 'Portal', tokenLinkOrigins: allowed }),
    });
    renderWithProviders(<EmbeddedFrame link="https://bi.example/r?token=" title="Report" />, { path: '/' });
    const frame = await screen.findByTestId('embedded-frame');
    expect(frame.getAttribute('src')).toBe('https://bi.example/r?token=tok');
    expect(frame.style.height).toBe('640px');
  });
});

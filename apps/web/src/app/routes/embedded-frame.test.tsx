import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setAccessToken } from '@/lib/session';
import { EmbeddedFrame, frameSource } from './embedded-frame';

describe('frameSource', () => {
  it('appends the token to a link that asks for it', () => {
    expect(frameSource('https://bi.example/r?id=1&token=', 'abc')).toBe(
      'https://bi.example/r?id=1&token=abc',
    );
  });

  it('leaves other links alone', () => {
    expect(frameSource('https://bi.example/r?id=1', 'abc')).toBe('https://bi.example/r?id=1');
  });
});

describe('<EmbeddedFrame>', () => {
  it('is as tall as the window minus 260px and carries the stored token', () => {
    setAccessToken('tok');
    window.innerHeight = 900;
    render(<EmbeddedFrame link="https://bi.example/r?token=" title="Report" />);
    const frame = screen.getByTestId('embedded-frame');
    expect(frame.getAttribute('src')).toBe('https://bi.example/r?token=tok');
    expect(frame.style.height).toBe('640px');
  });
});

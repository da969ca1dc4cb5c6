import { vi } from 'vitest';

/** The links handed to the browser (a download's `<a download>`), captured instead of navigating (jsdom cannot). */
export function captureLinkClicks() {
  const clicked: { href: string; download: string }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
  return clicked;
}

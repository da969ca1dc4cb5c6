import { describe, expect, it } from 'vitest';
import { parseTokenLink } from './token-link';

describe('parseTokenLink', () => {
  it('ignores URLs without a token parameter', () => {
    expect(parseTokenLink('')).toBeUndefined();
    expect(parseTokenLink('?tool=cli&locale=en')).toBeUndefined();
  });

  it.each(['?token=', '?token=%20&tool=cli', '?token'])('reads %s as an empty token', (search) => {
    expect(parseTokenLink(search)).toEqual({ kind: 'empty' });
  });

  it('reads token, English and tool', () => {
    expect(parseTokenLink('?token=abc.def&locale=en&tool=uKits')).toEqual({
      kind: 'token',
      token: 'abc.def',
      locale: 'en-US',
      tool: 'uKits',
    });
  });

  it.each(['?token=t&locale=zh', '?token=t&locale=fr', '?token=t'])('uses Chinese for %s', (search) => {
    expect(parseTokenLink(search)).toEqual({ kind: 'token', token: 't', locale: 'zh-CN' });
  });

  it('leaves the tool out when it is empty', () => {
    expect(parseTokenLink('?token=t&locale=en&tool=')).toEqual({
      kind: 'token',
      token: 't',
      locale: 'en-US',
    });
  });
});

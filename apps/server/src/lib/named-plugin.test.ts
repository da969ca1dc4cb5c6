import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import { named } from './named-plugin';

const DISPLAY_NAME = Symbol.for('fastify.display-name');
const displayNameOf = (plugin: object) => (plugin as Record<symbol, unknown>)[DISPLAY_NAME];

describe('named', () => {
  it('gives a plain route plugin the display name fastify reads before it searches the loaded modules', () => {
    async function stockRoutes() {}
    expect(displayNameOf(stockRoutes)).toBeUndefined();
    expect(named(stockRoutes)).toBe(stockRoutes);
    expect(displayNameOf(stockRoutes)).toBe('stockRoutes');
  });

  it("keeps the name fastify-plugin's wrapper already carries", () => {
    const wrapped = fp(async () => {}, { name: 'given-name' });
    expect(displayNameOf(named(wrapped))).toBe('given-name');
  });
});

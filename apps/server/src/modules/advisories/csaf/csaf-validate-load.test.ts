import { describe, expect, it } from 'vitest';
import { checkingJtdSchemasOnce, libraryJtdAjv } from './csaf-validate';

/** A schema ajv compiles without complaint but its JTD meta-schema refuses (nullable is a boolean). */
const INVALID = { properties: { a: { type: 'string' } }, nullable: 'yes' };

describe('loading the CSAF validator library (its JTD schemas checked once, issue 41)', () => {
  it('still refuses an invalid JTD schema compiled while the library loads, and checks each instance again afterwards', async () => {
    const Ajv = libraryJtdAjv();
    // What ajv does on its own: the meta-schema refuses the schema.
    expect(new Ajv().validateSchema(INVALID)).toBe(false);
    await expect(
      checkingJtdSchemasOnce(async () => {
        new Ajv().compile(INVALID);
      }),
    ).rejects.toThrow(/schema is invalid/);
    // Valid schemas load, and the collecting is over once the load is.
    await expect(
      checkingJtdSchemasOnce(async () => new Ajv().compile({ properties: { a: { type: 'string' } } })),
    ).resolves.toBeTypeOf('function');
    expect(Object.hasOwn(Ajv.prototype, 'validateSchema')).toBe(false);
    expect(() => new Ajv().compile(INVALID)).toThrow(/schema is invalid/);
  });
});

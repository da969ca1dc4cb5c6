import { describe, expect, it } from 'vitest';
import { ownsSerial, shippedToOrganisation } from './serial.service';

describe('serial ownership', () => {
  const organisation = 'acmecomputing';

  it('matches the shipping record to the organisation whatever its case, spaces and punctuation', () => {
    expect(shippedToOrganisation(organisation, 'ACME Computing')).toBe(true);
    expect(shippedToOrganisation(organisation, 'Acme-Computing.')).toBe(true);
    expect(shippedToOrganisation(organisation, 'Acme Computers')).toBe(false);
  });

  it('gives a user without an organisation no shipped SN, not even one shipped to no one', () => {
    expect(shippedToOrganisation('', '')).toBe(false);
    expect(shippedToOrganisation('', 'ACME Computing')).toBe(false);
  });

  it('owns an SN bound and verified, or shipped to the organisation; a pending or missing binding alone gives nothing', () => {
    expect(ownsSerial(organisation, { state: 'verified', customer: 'Someone Else' })).toBe(true);
    expect(ownsSerial(organisation, { state: null, customer: 'ACME Computing' })).toBe(true);
    expect(ownsSerial(organisation, { state: 'pending', customer: 'Someone Else' })).toBe(false);
    expect(ownsSerial(organisation, { state: null, customer: 'Someone Else' })).toBe(false);
    expect(ownsSerial('', { state: 'pending', customer: '' })).toBe(false);
  });
});

import { describeAdvisoryAttacks } from './advisory-attacks-cases';

describeAdvisoryAttacks('pglite');

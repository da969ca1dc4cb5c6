import { describeRegistration } from './registration-cases';

describeRegistration('pglite');

import { describeRegistration } from './registration-cases';

describeRegistration('postgres');

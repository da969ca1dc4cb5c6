import { describeAccount } from './account-cases';

describeAccount('postgres');

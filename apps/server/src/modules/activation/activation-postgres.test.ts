import { describeActivation } from './activation-cases';

describeActivation('postgres');

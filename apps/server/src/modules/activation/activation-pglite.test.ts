import { describeActivation } from './activation-cases';

describeActivation('pglite');

import { describeInputGuard } from './input-guard-cases';

describeInputGuard('pglite');

import { describeTaskTimeout } from './task-timeout-cases';

describeTaskTimeout('pglite');

import { describeJobQueue } from './job-queue-cases';

describeJobQueue('pglite');

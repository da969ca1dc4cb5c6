import { describeMailQueue } from './mail-queue-cases';

describeMailQueue('postgres');

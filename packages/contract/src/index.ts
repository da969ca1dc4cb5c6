export * from './auth';
export * from './dict';
export * from './envelope';
export * from './errors';
export * from './health';
export * from './limits';
export * from './locale';
export * from './menu';

export * from './access';
export * from './sessions';
export * from './users';

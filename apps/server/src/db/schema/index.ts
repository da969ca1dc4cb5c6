export * from './access';
export * from './notices';
export * from './sessions';
export * from './users';

export * from './access';
export * from './notices';
export * from './sessions';
export * from './users';
export * from './account';
export * from './files';
export * from './serials';
export * from './catalog';

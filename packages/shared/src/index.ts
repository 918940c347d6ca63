export * from './contracts/accounts.js';
export * from './contracts/catalog.js';
export * from './contracts/common.js';
export * from './messages.js';
export * from './money.js';
export * from './routes.js';
export * from './video.js';

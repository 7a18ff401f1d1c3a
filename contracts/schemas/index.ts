export * from './common.js';
export * from './providers.js';
export * from './agents.js';
export * from './tools.js';
export * from './generations.js';

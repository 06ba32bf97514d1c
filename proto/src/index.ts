export * from './subjects.js';
export * from './errors.js';
export * from './routes.js';
export * from './categories.js';
export * from './limits.js';
export * from './schemas/index.js';
export * from './validation.js';
export * from './contracts.js';

/**
 * The browser layer of viseg: find/launch Chromium, serve local inputs, make deterministic
 * contexts with an offline policy, and load pages until they are ready for a snapshot.
 */
export * from './errors.js';
export * from './find.js';
export * from './launch.js';
export * from './server.js';
export * from './inputs.js';
export * from './network.js';
export * from './context.js';
export * from './load.js';
export { FREEZE_ATTR, FREEZE_CSS, LAST_MUTATION_KEY } from './pagescripts.js';

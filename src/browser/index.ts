/**
 * The browser layer of viseg: find/launch Chromium, serve local inputs, make deterministic
 * contexts with an offline policy, and load pages until they are ready for a snapshot.
 */
export * from './errors.js';
export * from './find.js';
export * from './launch.js';
export * from './mime.js';
export { mountPrefixOf, confiningCsp } from './mounts.js';
export * from './server.js';
export * from './inflate.js';
export * from './inputs.js';
export * from './network.js';
export * from './context.js';
export * from '../util/async.js';
export * from './load.js';
export { FREEZE_ATTR, FREEZE_CSS, LAST_MUTATION_KEY } from './pagescripts.js';
export * from './cookies.js';
export * from './recover.js';

// A separate tiny entry so `dgw --version` loads nothing else.
export { VERSION } from './version.js';

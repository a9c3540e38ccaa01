// A record dgw prints has every field present (null where there is nothing), and no other field: the wire's helpers serve both.
export { Closed, Nullable } from '../wire/common.js';

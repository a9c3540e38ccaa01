import { describe, inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The API shapes a tier walks the local gateway's walkthroughs in (vitest.config.ts). */
    walkShapes: Array<'spec' | 'hosted'>;
  }
}

/**
 * The API shapes this tier walks a walkthrough in: the spec shape in the fast tier, the hosted one
 * in the slow tier, so each walk runs once per shape across `.ci/run` and `npm test` stays light.
 * Which answers the CLI reads in each shape is proven per command in the fast tier (every-command-speaks-the-document).
 */
export const walkShapes: Array<'spec' | 'hosted'> = inject('walkShapes') ?? ['spec', 'hosted'];

/** A walkthrough's parts that do not depend on the shape: run once, in the tier that walks the spec shape. */
export const describeOnce = describe.runIf(walkShapes.includes('spec'));

/** Replaced at build time with package.json's version. */
declare const __DGW_VERSION__: string | undefined;
export const VERSION: string = typeof __DGW_VERSION__ === 'string' ? __DGW_VERSION__ : '0.0.0-dev';

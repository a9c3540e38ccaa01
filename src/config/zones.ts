/** The zones dgw knows: the hosted default and EU zones, and the local gateway. */
export type Zone = 'default' | 'eu' | 'local';

export const ZONES: readonly Zone[] = ['default', 'eu', 'local'];

/** Base URLs of the hosted zones (hosted-service-notes.md). */
export const ZONE_BASE_URLS: Record<Exclude<Zone, 'local'>, string> = {
  default: 'https://partner.peaka.studio/api/v1',
  eu: 'https://partner.eu.peaka.studio/api/v1',
};

/** The project the local gateway seeds on first start and uses by default. */
export const LOCAL_DEFAULT_PROJECT = 'demo';

/** Whether a base URL is one of the hosted zones', which take only what the document names. */
export function isHostedUrl(url: string | undefined): boolean {
  return url !== undefined && Object.values(ZONE_BASE_URLS).includes(url.replace(/\/+$/, ''));
}

export function isZone(value: string): value is Zone {
  return (ZONES as readonly string[]).includes(value);
}

import { UsageError } from '../../errors.js';
import { parseDuration } from '../../schedule/duration.js';

/** How long a download link works, unless DGW_LOCAL_LINK_TTL says otherwise. */
export const DEFAULT_LINK_TTL_MS = 15 * 60 * 1000;

/** The environment variable that changes how long download links work. */
export const LINK_TTL_ENV = 'DGW_LOCAL_LINK_TTL';

/** `DGW_LOCAL_LINK_TTL` (a duration such as 30s) when set, else the default; not a duration is a usage error. */
export function localLinkTtlMs(env: Record<string, string | undefined>): number {
  const text = env[LINK_TTL_ENV];
  if (text === undefined || text === '') return DEFAULT_LINK_TTL_MS;
  const duration = parseDuration(text);
  if (!duration || duration.ms < 1000) throw new UsageError(`${LINK_TTL_ENV}: "${text}" is not a duration of a second or more; use 30s, 15m or ISO 8601 such as PT15M`);
  return duration.ms;
}

// Loaded lazily: most commands never sign or check a link.
const crypto = () => process.getBuiltinModule('node:crypto');

/** What a download link names: one file of one export of one project. */
export interface LinkTarget {
  projectId: string;
  exportId: string;
  fileName: string;
}

/** Presigned download links: an HMAC under a secret derived from the partner key, so links survive a restart. */
export class LinkSigner {
  private key: Buffer | undefined;

  constructor(
    private readonly partnerKey: string,
    readonly ttlMs: number = DEFAULT_LINK_TTL_MS,
  ) {}

  private get secret(): Buffer {
    return (this.key ??= crypto().createHmac('sha256', 'dgw local gateway download links').update(this.partnerKey).digest());
  }

  /** The query string of a link to `target` that works until `expiresAt` (epoch ms). */
  sign(target: LinkTarget, expiresAt: number): string {
    const expires = String(Math.floor(expiresAt / 1000));
    return `expires=${expires}&signature=${this.mac(target, expires)}`;
  }

  /** Why a link does not let it through (`expired`, `invalid`), or undefined when it does. */
  check(target: LinkTarget, expires: string | undefined, signature: string | undefined, now: number): 'expired' | 'invalid' | undefined {
    if (!expires || !signature || !/^\d{1,12}$/.test(expires)) return 'invalid';
    const expected = Buffer.from(this.mac(target, expires));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !crypto().timingSafeEqual(given, expected)) return 'invalid';
    return Number(expires) * 1000 < now ? 'expired' : undefined;
  }

  private mac(target: LinkTarget, expires: string): string {
    return crypto().createHmac('sha256', this.secret).update([target.projectId, target.exportId, target.fileName, expires].join('\n')).digest('base64url');
  }
}

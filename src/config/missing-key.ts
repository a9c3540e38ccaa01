import { AuthError } from '../errors.js';
import { describeSource } from './explain.js';
import { describeBinding, LOCAL_GATEWAY } from './key-binding.js';
import { projectFileChoseHost, type Settings } from './settings.js';

/** What a command that needs a key and has none is told: which host, and how to get a key for it. */
export function missingKeyError(settings: Settings): AuthError {
  const target = settings.baseUrl.value ?? LOCAL_GATEWAY;
  const where = `${describeBinding(target)} (${describeSource({ source: settings.baseUrl.source, origin: settings.baseUrl.origin ?? null })})`;
  const origin = settings.baseUrl.origin ?? '';
  const login = origin.startsWith('zone ') ? `dgw auth login --${origin}` : `dgw auth login --base-url ${target}`;
  const heldBack = settings.envKeyHeldBack;
  if (heldBack) {
    return new AuthError(`DGW_API_KEY is not sent to ${where}: that base URL comes from a project file, which whoever can change the repository can point anywhere`, {
      hint: `to send it there, name the host yourself: DGW_BASE_URL=${heldBack.target} (or --base-url)`,
    });
  }
  // DGW_API_KEY alone is held back from a host only a project file names.
  const envKey = projectFileChoseHost(settings.baseUrl) ? `set DGW_API_KEY with DGW_BASE_URL=${target}` : 'set DGW_API_KEY';
  const withheld = settings.withheldKey;
  // Nobody chose the hosted zone: a newcomer may want the local gateway, which needs no account.
  const offline = settings.zone.source === 'default' ? '; or work offline on the local gateway: --zone local (`dgw config set zone local` keeps it)' : '';
  if (!withheld) return new AuthError(`no API key for ${where}`, { hint: `run \`${login}\`, or ${envKey}${offline}` });
  const others = withheld.profilesForTarget.filter((name) => name !== withheld.profile);
  const switchTo = others.length > 0 ? `use --profile ${others[0]}, which holds a key for it${others.length > 1 ? ` (so do ${others.slice(1).join(', ')})` : ''}; or ` : '';
  return new AuthError(
    `profile ${withheld.profile} holds a key for ${describeBinding(withheld.boundTo)}, not for ${where}; a stored key is only sent to the host it was stored for`,
    { hint: `${switchTo}log in to it under a profile of its own: \`dgw --profile NAME ${login.slice('dgw '.length)}\`, or ${envKey} for this command` },
  );
}

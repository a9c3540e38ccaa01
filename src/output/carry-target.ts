import type { SettingFlags } from '../config/settings.js';

/** The global options that choose what a command acts on, as its command line gave them. */
export type Target = Pick<SettingFlags, 'profile' | 'zone' | 'baseUrl' | 'project'>;

const FLAGS: [keyof Target, string][] = [
  ['profile', '--profile'],
  ['zone', '--zone'],
  ['baseUrl', '--base-url'],
  ['project', '--project'],
];

const HOST_FLAGS = ['--zone', '--base-url'];

/** Commands that act on no project (or choose one themselves): a --project is not carried into them. */
const NO_PROJECT = /^(project|auth|profile|config|help|version|completion|schema)\b/;

/** The target options of a command line, read before `--` in either form (`--zone local`, `--zone=local`). */
export function targetFromArgv(argv: string[]): Target {
  const end = argv.includes('--') ? argv.indexOf('--') : argv.length;
  const target: Target = {};
  for (let i = 0; i < end; i++) {
    for (const [key, flag] of FLAGS) {
      if (argv[i] === flag && i + 1 < end) target[key] = argv[++i];
      else if (argv[i].startsWith(`${flag}=`)) target[key] = argv[i].slice(flag.length + 1);
    }
  }
  return target;
}

/** Carries the running command's target options into every quoted `dgw` command, so a copied hint acts on the same target. */
export function carryTarget(text: string, target: Target): string {
  const given = FLAGS.filter(([key]) => target[key] !== undefined);
  if (given.length === 0) return text;
  return text.replace(/`dgw ([^`]*)`/g, (whole, rest: string) => {
    if (rest.startsWith('__complete') || /(^|\s)(--help|-h)(\s|$)/.test(rest)) return whole;
    const words = rest.replace(/(^|\s)--?[\w-]+(=\S+|\s+[^-\s]\S*)?/g, ' ').trim();
    const wanted = given.filter(([key]) => key !== 'project' || !NO_PROJECT.test(words));
    const names = (flag: string) => new RegExp(`(^|\\s)${flag}(=|\\s)`).test(rest);
    // --zone and --base-url each choose the host: a command that names one goes there on purpose.
    const chosen = (flag: string) => (HOST_FLAGS.includes(flag) ? HOST_FLAGS.some(names) : names(flag));
    const added = wanted.filter(([, flag]) => !chosen(flag)).map(([key, flag]) => `${flag} ${shellWord(target[key]!)}`);
    return added.length === 0 ? whole : `\`dgw ${added.join(' ')} ${rest}\``;
  });
}

/** A value as one shell word: as it is when that is safe, else in single quotes. */
export function shellWord(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

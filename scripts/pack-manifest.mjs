// `prepare` builds dist/ in a clone (`npm ci`) and for a git dependency. In a packed package it can
// never run (scripts/ is not shipped), yet npm 11 asks for its approval at every install. prepack
// takes it out of the package.json that goes into the tarball; postpack puts the file back as it was.
import fs from 'node:fs';

const KEPT = 'package.json.packing';

if (process.argv[2] === 'strip') {
  // A pack cut off before postpack left a copy here, which may be older than package.json now:
  // which of the two to keep is the user's choice, never this script's.
  if (fs.existsSync(KEPT)) {
    console.error(`${KEPT} is left from a pack that was cut off: keep whichever of it and package.json is right, delete the other, then pack again`);
    process.exit(1);
  }
  fs.copyFileSync('package.json', KEPT);
  const manifest = JSON.parse(fs.readFileSync(KEPT, 'utf8'));
  delete manifest.scripts.prepare;
  fs.writeFileSync('package.json', `${JSON.stringify(manifest, null, 2)}\n`);
} else if (process.argv[2] === 'restore') {
  fs.renameSync(KEPT, 'package.json');
} else {
  throw new Error('usage: pack-manifest.mjs strip|restore');
}

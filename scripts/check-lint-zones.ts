/**
 * Run by `npm run lint` after Biome. Biome's noRestrictedImports cannot say "any feature but the one this
 * file is in", so biome.json keeps one override per folder of src/web/features that forbids the other
 * features. A new folder without its own override would import any feature unnoticed: this check fails
 * and names it. It also fails on an override left behind for a folder that no longer exists.
 */
import fs from "node:fs";

const FEATURES_DIR = "src/web/features";

type Pattern = { group: string[] };
type Override = {
  includes?: string[];
  linter?: { rules?: { style?: { noRestrictedImports?: { options?: { patterns?: Pattern[] } } } } };
};

const biome = JSON.parse(fs.readFileSync("biome.json", "utf8")) as { overrides?: Override[] };
const features = fs
  .readdirSync(FEATURES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The override of one feature: it covers exactly that folder and forbids every feature but its own. */
function guardsFeature(override: Override, feature: string): boolean {
  if (override.includes?.length !== 1 || override.includes[0] !== `${FEATURES_DIR}/${feature}/**`)
    return false;
  const patterns = override.linter?.rules?.style?.noRestrictedImports?.options?.patterns ?? [];
  return patterns.some(
    (p) => p.group.includes("#web/features/**") && p.group.includes(`!#web/features/${feature}/**`),
  );
}

const problems: string[] = [];
for (const feature of features) {
  if (!(biome.overrides ?? []).some((o) => guardsFeature(o, feature))) {
    problems.push(
      `${FEATURES_DIR}/${feature} has no override of its own in biome.json: copy another feature's ` +
        `override, with includes ["${FEATURES_DIR}/${feature}/**"] and "!#web/features/${feature}/**".`,
    );
  }
}
for (const override of biome.overrides ?? []) {
  for (const include of override.includes ?? []) {
    const feature = include.match(/^src\/web\/features\/([^/]+)\/\*\*$/)?.[1];
    if (feature && !features.includes(feature)) {
      problems.push(
        `biome.json has an override for ${include}, but ${FEATURES_DIR}/${feature} does not exist.`,
      );
    }
  }
}

if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  process.exit(1);
}

/**
 * Adds the platform-specific optional packages that `npm install` left out of package-lock.json.
 *
 * The registry this project is developed against carries only some platforms' builds of packages
 * such as @biomejs/cli-* and @tailwindcss/oxide-*. `npm install` silently drops an optional
 * dependency it cannot fetch, and `npm ci` then refuses the lock file as out of sync ("Missing: …
 * from lock file"). This script writes each missing one as an entry with its exact version and its
 * os/cpu/libc, read from its name, so `npm ci` skips it on other platforms and fetches it by
 * name and version on its own. Run it after changing dependencies: `node --import tsx
 * scripts/complete-lockfile.ts`. See docs/decisions/004-complete-lockfile.md.
 */
import { readFileSync, writeFileSync } from "node:fs";

interface LockEntry {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  optionalDependencies?: Record<string, string>;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  [key: string]: unknown;
}

const OPERATING_SYSTEMS = ["android", "darwin", "freebsd", "linux", "win32", "openbsd", "sunos", "aix"];
const CPUS: Record<string, string> = {
  arm64: "arm64",
  x64: "x64",
  arm: "arm",
  ia32: "ia32",
  wasm32: "wasm32",
  riscv64: "riscv64",
  ppc64: "ppc64",
  s390x: "s390x",
  loong64: "loong64",
};

/** Reads `os`, `cpu` and `libc` from a name such as `@biomejs/cli-linux-x64-musl`. */
export function platformOf(name: string): Pick<LockEntry, "os" | "cpu" | "libc"> {
  const parts = (name.split("/").pop() ?? name).split("-");
  const os = parts.find((part) => OPERATING_SYSTEMS.includes(part));
  const cpu = parts.map((part) => CPUS[part]).find(Boolean);
  const libc = parts.includes("musl")
    ? "musl"
    : os === "linux" && parts.includes("gnu")
      ? "glibc"
      : undefined;
  return {
    ...(os ? { os: [os] } : {}),
    ...(cpu ? { cpu: [cpu] } : {}),
    ...(libc ? { libc: [libc] } : {}),
  };
}

const lockPath = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, "utf8")) as { packages: Record<string, LockEntry> };
const added: string[] = [];

for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${path ? `${path}/` : ""}node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[hoisted]) continue;
    if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec)) continue; // only exact versions can be written down
    const platform = platformOf(name);
    if (!platform.os && !platform.cpu) continue;
    // Field order as npm writes it, so a later `npm install` leaves the file unchanged.
    lock.packages[hoisted] = {
      version: spec,
      ...(platform.cpu ? { cpu: platform.cpu } : {}),
      ...(entry.dev ? { dev: true } : {}),
      ...(platform.libc ? { libc: platform.libc } : {}),
      optional: true,
      ...(platform.os ? { os: platform.os } : {}),
    };
    added.push(`${name}@${spec}`);
  }
}

if (added.length > 0) {
  lock.packages = Object.fromEntries(
    Object.entries(lock.packages).sort(([a], [b]) =>
      a === "" ? -1 : b === "" ? 1 : a.localeCompare(b, "en"),
    ),
  );
  writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
}
console.log(
  added.length > 0 ? `added ${added.length}: ${added.join(", ")}` : "package-lock.json is complete",
);

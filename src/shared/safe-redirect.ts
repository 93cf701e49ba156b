/** The WHATWG URL of browsers and Node alike; src/shared's tsconfig includes neither's types. */
declare const URL: new (
  input: string,
  base: string,
) => { origin: string; pathname: string; search: string; hash: string };

/**
 * Where to go after signing in. `from` arrives in the URL, so anyone can craft it: only a path on
 * this site is followed. `//evil.example` and `/\evil.example` are protocol-relative to browsers,
 * and control characters can smuggle either past a naive check, so they fall back to home.
 * Shared because the server applies the same rule to where Google sign-in returns.
 */
export function safeRedirectPath(from: string | null | undefined, fallback = "/"): string {
  if (!from?.startsWith("/")) return fallback;
  if (from.startsWith("//") || from.startsWith("/\\")) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point.
  if (/[\u0000-\u001f\u007f]/.test(from)) return fallback;
  try {
    // Resolving against a dummy origin catches anything that would leave the site after normalisation.
    const url = new URL(from, "http://motohaat.invalid");
    if (url.origin !== "http://motohaat.invalid") return fallback;
    // Dot-segments collapse after the raw check: "/.//evil.example" normalises to "//evil.example".
    if (url.pathname.startsWith("//") || url.pathname.startsWith("/\\")) return fallback;
    if (url.pathname === "/signin" || url.pathname === "/signup") return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

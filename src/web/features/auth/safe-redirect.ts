/** The `from` value for the page the user is on now, so sign-in can return them to it. */
export function currentPath(location: { pathname: string; search: string; hash: string }): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

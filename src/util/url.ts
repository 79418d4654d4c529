/** A URL without its fragment (`#…`), as written otherwise: for comparing two addresses of one document. */
export function withoutFragment(url: string): string {
  const i = url.indexOf('#');
  return i >= 0 ? url.slice(0, i) : url;
}

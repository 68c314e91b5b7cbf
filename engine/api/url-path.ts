/** The path of an absolute request URL, its query left out, without parsing the whole URL. */
export function pathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  const end = url.indexOf('?', start);
  return url.slice(start, end === -1 ? undefined : end);
}

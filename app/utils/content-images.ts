/**
 * The images inside stored post HTML (already sanitised), as the settings want
 * them on the page: `loading="lazy"` while Enable Lazy Loading is on (a post's
 * body is below its hero), and `/uploads/…` sources on the CDN when one is set.
 */
export function prepareContentImages(html: string, opts: { lazy: boolean; cdn: string }): string {
  return html.replace(/<img\b([^>]*)>/gi, (_tag, attrs: string) => {
    let out = attrs;
    if (opts.cdn) out = out.replace(/(\ssrc=")(\/(?![/\\]))/i, `$1${opts.cdn}$2`);
    if (opts.lazy && !/\sloading=/i.test(out)) out = ` loading="lazy"${out}`;
    return `<img${out}>`;
  });
}

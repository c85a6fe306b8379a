/**
 * HTML character references in what an export carries as text: WordPress
 * writes titles, names and pingback excerpts with `&laquo;`, `&#8217;` and
 * the like (its typography filter's quotes and dashes). Decoded once, in one
 * pass, so `&amp;laquo;` stays the text "&laquo;".
 */
import { htmlToText } from "~/utils/text";

// Latin-1's named characters, U+00A0 to U+00FF in order.
const LATIN1 =
  "nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml";
// Greek letters from U+0391 and U+03B1 (U+03A2 is unassigned; U+03C2 is the final sigma).
const GREEK =
  "Alpha Beta Gamma Delta Epsilon Zeta Eta Theta Iota Kappa Lambda Mu Nu Xi Omicron Pi Rho sigmaf Sigma Tau Upsilon Phi Chi Psi Omega";
const OTHERS: Record<string, number> = {
  amp: 38,
  lt: 60,
  gt: 62,
  quot: 34,
  apos: 39,
  OElig: 338,
  oelig: 339,
  Scaron: 352,
  scaron: 353,
  Yuml: 376,
  fnof: 402,
  circ: 710,
  tilde: 732,
  ensp: 8194,
  emsp: 8195,
  thinsp: 8201,
  zwnj: 8204,
  zwj: 8205,
  lrm: 8206,
  rlm: 8207,
  ndash: 8211,
  mdash: 8212,
  lsquo: 8216,
  rsquo: 8217,
  sbquo: 8218,
  ldquo: 8220,
  rdquo: 8221,
  bdquo: 8222,
  dagger: 8224,
  Dagger: 8225,
  bull: 8226,
  hellip: 8230,
  permil: 8240,
  prime: 8242,
  Prime: 8243,
  lsaquo: 8249,
  rsaquo: 8250,
  oline: 8254,
  frasl: 8260,
  euro: 8364,
  trade: 8482,
  larr: 8592,
  uarr: 8593,
  rarr: 8594,
  darr: 8595,
  harr: 8596,
  minus: 8722,
  infin: 8734,
  asymp: 8776,
  ne: 8800,
  le: 8804,
  ge: 8805,
  spades: 9824,
  clubs: 9827,
  hearts: 9829,
  diams: 9830,
};

const NAMED = new Map<string, string>([
  ...LATIN1.split(" ").map((name, i) => [name, String.fromCodePoint(0xa0 + i)] as const),
  ...GREEK.split(" ").flatMap((name, i) =>
    name === "sigmaf"
      ? [["sigmaf", "\u03c2"] as const]
      : [
          [name, String.fromCodePoint(0x391 + i)] as const,
          [name.toLowerCase(), String.fromCodePoint(0x3b1 + i)] as const,
        ],
  ),
  ...Object.entries(OTHERS).map(([name, code]) => [name, String.fromCodePoint(code)] as const),
]);

const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z][A-Za-z0-9]*));/g;
/** `&`, `<` and `>`: left as references when markup is still to be read. */
const MARKUP = new Set([38, 60, 62]);

/**
 * Every character reference decoded in one pass; an unknown name or a code
 * point that is no character stays as written. With `keepMarkup`, references
 * to `&`, `<` and `>` stay for a later HTML-to-text step.
 */
export function decodeEntities(text: string, keepMarkup = false): string {
  if (!text.includes("&")) return text;
  return text.replace(ENTITY, (whole, dec?: string, hex?: string, name?: string) => {
    const char = name ? NAMED.get(name) : undefined;
    const code = char?.codePointAt(0) ?? (dec ? Number(dec) : hex ? Number.parseInt(hex, 16) : 0);
    if (keepMarkup && MARKUP.has(code)) return whole;
    if (char) return char;
    if (name) return whole;
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
      ? String.fromCodePoint(code)
      : whole;
  });
}

/** A title or a name that may carry markup and references, as plain text. */
export function plainText(value: string): string {
  return /[&<]/.test(value) ? htmlToText(decodeEntities(value, true)) : value;
}

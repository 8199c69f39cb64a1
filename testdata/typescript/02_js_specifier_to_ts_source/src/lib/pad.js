// A plain JavaScript helper (allowJs): `./lib/pad.js` is this very file.
export function padLeft(text, width) {
  return text.length >= width ? text : ' '.repeat(width - text.length) + text;
}

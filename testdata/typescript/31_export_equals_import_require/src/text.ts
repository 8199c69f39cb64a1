export function isAscii(text: string): boolean {
  return /^[\x00-\x7f]*$/.test(text);
}

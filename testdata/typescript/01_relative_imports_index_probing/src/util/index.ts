// Older helpers, kept for the admin bundle. `./util` from src/ does not
// reach this file: src/util.ts is found first.
export function toSlug(text: string): string {
  return text.toLowerCase().split(' ').join('_');
}

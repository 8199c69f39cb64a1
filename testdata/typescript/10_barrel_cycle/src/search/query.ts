export function matchTitle(title: string, term: string): boolean {
  return title.toLowerCase().includes(term.toLowerCase());
}

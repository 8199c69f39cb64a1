export function renderSettings(): string {
  return '<section id="settings"></section>';
}

export function renderReports(): string {
  return '<section id="reports"></section>';
}

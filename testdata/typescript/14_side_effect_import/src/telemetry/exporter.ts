const exporters: string[] = [];

export function registerExporter(name: string): void {
  exporters.push(name);
}

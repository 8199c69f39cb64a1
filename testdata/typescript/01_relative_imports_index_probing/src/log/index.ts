export function logLine(message: string): void {
  console.log(`[shop] ${message}`);
}

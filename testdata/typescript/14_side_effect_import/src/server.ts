export function startServer(port: number): string {
  return `listening on :${port}`;
}

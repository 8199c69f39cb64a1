export function log(message) {
  process.stderr.write(`[feed] ${message}\n`);
}

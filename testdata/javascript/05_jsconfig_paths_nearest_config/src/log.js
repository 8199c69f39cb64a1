export function log(message) {
  console.log(`[blog] ${message}`);
}

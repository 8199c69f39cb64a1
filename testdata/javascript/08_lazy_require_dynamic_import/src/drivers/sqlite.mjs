export function openSqlite(file) {
  return { driver: 'sqlite', file };
}

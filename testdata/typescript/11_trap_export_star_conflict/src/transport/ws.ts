import type { Connection } from './http';

export function connect(url: string): Connection {
  return { url: url.replace(/^http/, 'ws'), open: true };
}

export function disconnect(connection: Connection): void {
  connection.open = false;
}

export function subscribe(connection: Connection, topic: string): string {
  return `${connection.url}#${topic}`;
}

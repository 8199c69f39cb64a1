export interface Connection {
  url: string;
  open: boolean;
}

export function connect(url: string): Connection {
  return { url, open: true };
}

export function disconnect(connection: Connection): void {
  connection.open = false;
}

export function fetchJson(connection: Connection, path: string): Promise<unknown> {
  return fetch(connection.url + path).then((r) => r.json());
}

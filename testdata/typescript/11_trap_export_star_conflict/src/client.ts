import * as transport from './transport';

export function open(url: string) {
  return transport.connect(url);
}

export function close(connection: { url: string; open: boolean }): void {
  transport.disconnect(connection);
}

export function watch(url: string): string {
  return transport.subscribe(transport.connect(url), 'prices');
}

export function load(url: string): Promise<unknown> {
  return transport.fetchJson(transport.connect(url), '/status');
}

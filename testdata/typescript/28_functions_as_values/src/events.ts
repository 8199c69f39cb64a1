import { AuditSink, normalize, onSaved } from './hooks';

type Listener = (id: string) => void;

const listeners: Listener[] = [];
const sinks: Array<new () => AuditSink> = [];

// a module-level assignment of a function value
export const defaultListener: Listener = onSaved;

export function subscribe(listener: Listener): void {
  listeners.push(listener);
}

export function emit(id: string): void {
  for (const listener of listeners) {
    listener(id);
  }
}

export function register(sink: new () => AuditSink): void {
  sinks.push(sink);
}

export function setup(names: string[]): string[] {
  subscribe(onSaved);
  setTimeout(flushLater, 10);
  register(AuditSink);
  return names.map(normalize);
}

function flushLater(): void {
  listeners.length = 0;
}

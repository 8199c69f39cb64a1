export function onSaved(id: string): void {
  console.info(`saved ${id}`);
}

export function normalize(name: string): string {
  return name.trim().toLowerCase();
}

export class AuditSink {
  readonly entries: string[] = [];
}

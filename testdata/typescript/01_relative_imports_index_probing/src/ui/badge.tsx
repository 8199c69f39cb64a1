export function badgeClass(kind: string): string {
  return `badge badge-${kind}`;
}

export function Badge({ kind, text }: { kind: string; text: string }) {
  return <span className={badgeClass(kind)}>{text}</span>;
}

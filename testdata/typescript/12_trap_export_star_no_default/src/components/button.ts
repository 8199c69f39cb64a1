export function buttonClass(kind: 'primary' | 'ghost'): string {
  return `btn btn-${kind}`;
}

export default function Button(label: string): string {
  return `<button class="${buttonClass('primary')}">${label}</button>`;
}

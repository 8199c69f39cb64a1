export function legacyId(seq: number): string {
  return `L-${String(seq).padStart(4, '0')}`;
}

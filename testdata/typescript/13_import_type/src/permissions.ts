import type { Role } from './types';

export type { Role };

export function canEdit(role: Role): boolean {
  return role === 'admin';
}

import type { User } from './types';
import type { Cart } from './cart';
import { type Role, canEdit } from './permissions';

export function greet(user: User): string {
  return `hello ${user.name}`;
}

// the class is imported for its type only, yet it types the parameter
export function summary(cart: Cart): string {
  return cart.total().toFixed(2);
}

export function editableId(user: User, role: Role): string | null {
  return canEdit(role) ? user.id : null;
}

import * as accounts from './accounts';
import { AccountError, Admin, Entity, Tag, User } from './accounts';

export function makeEntity(): Entity {
  return new Entity('e-1');
}

export function makeUser(): User {
  return new User('u-1');
}

export function makeAdmin(): Admin {
  return new Admin('a-1');
}

export function makeTag(): Tag {
  return new Tag();
}

export function fail(): never {
  throw new AccountError('locked');
}

export function makeQualified(): User {
  return new accounts.User('u-2');
}

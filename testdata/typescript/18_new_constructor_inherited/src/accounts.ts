export class Entity {
  constructor(readonly id: string) {}
}

// no constructor of its own: Entity's runs
export class User extends Entity {
  displayName(): string {
    return `user ${this.id}`;
  }
}

// two levels down, still Entity's constructor
export class Admin extends User {
  readonly roles: string[] = ['admin'];
}

// no constructor anywhere in the chain
export class Tag {
  label = '';
}

// the base is outside the repository
export class AccountError extends Error {
  readonly code = 'ACCOUNT';
}

export interface Row {
  id: string;
}

export interface User extends Row {
  name: string;
}

export class BaseRepository<T extends Row> {
  protected readonly rows = new Map<string, T>();

  constructor(protected readonly table: string) {}

  save(row: T): T {
    this.rows.set(row.id, row);
    return row;
  }

  describe(): string {
    return `repository ${this.table}`;
  }
}

export class AuditedRepository<T extends Row> extends BaseRepository<T> {
  readonly audit: string[] = [];

  constructor(table: string) {
    super(table);
  }

  save(row: T): T {
    this.audit.push(`save ${row.id}`);
    return super.save(row);
  }
}

export class UserRepository extends AuditedRepository<User> {
  constructor() {
    super('users');
  }

  save(user: User): User {
    return super.save({ ...user, name: user.name.trim() });
  }

  // AuditedRepository has no describe: super.describe() is BaseRepository's
  describe(): string {
    return `${super.describe()} (users)`;
  }
}

export interface Identifiable {
  readonly id: string;
}

export interface Timestamped {
  createdAt: Date;
}

export interface Entity extends Identifiable, Timestamped {
  version: number;
}

export interface Printable {
  print(): string;
}

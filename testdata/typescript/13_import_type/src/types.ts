export interface User {
  id: string;
  name: string;
}

export type Role = 'admin' | 'member';

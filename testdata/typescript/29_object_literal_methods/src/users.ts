import { api } from './api';

export function loadUsers(): Promise<Response> {
  return api.get('/users');
}

export function saveUser(user: { name: string }): Promise<Response> {
  return api.post('/users', user);
}

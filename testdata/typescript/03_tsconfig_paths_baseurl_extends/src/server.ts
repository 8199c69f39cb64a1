import { connect } from '@/db/client';
import { requireUser } from '@/auth/session';
import { readPort } from 'src/env';

export async function start(token: string): Promise<string> {
  const user = requireUser(token);
  const pool = await connect('postgres://localhost/shop');
  return `${user} on ${readPort()} with ${pool.size} connections`;
}

import { log } from '@/log';

export async function fetchPosts() {
  log('fetching posts');
  return [{ slug: 'hello', date: '2024-05-01' }];
}

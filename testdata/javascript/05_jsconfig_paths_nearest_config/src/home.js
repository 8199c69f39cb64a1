import { fetchPosts } from '@/services/posts';
import { formatDate } from '~lib/dates';

export async function renderHome() {
  const posts = await fetchPosts();
  return posts.map((post) => `${post.slug} (${formatDate(post.date)})`).join('\n');
}

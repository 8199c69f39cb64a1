import { renderSettings } from './pages/settings';
import { openSettings } from './router';

export async function preview(): Promise<string> {
  return renderSettings() + (await openSettings());
}

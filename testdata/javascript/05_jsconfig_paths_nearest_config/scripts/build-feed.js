// scripts/ has its own jsconfig.json: here `@/` means scripts/helpers/
import { log } from '@/log';

export function buildFeed() {
  log('building feed');
}

import { defineConfig } from './define';

export default defineConfig({ host: '', port: 8080 });

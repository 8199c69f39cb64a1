export interface AppConfig {
  host: string;
  port: number;
}

export function defineConfig(config: AppConfig): AppConfig {
  return { ...config, host: config.host || 'localhost' };
}

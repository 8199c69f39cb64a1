export interface Env {
  mode: 'development' | 'production';
}

export declare function readEnv(): Env;

export interface Pool {
  size: number;
}

export async function connect(url: string): Promise<Pool> {
  return { size: url.startsWith('postgres:') ? 10 : 1 };
}

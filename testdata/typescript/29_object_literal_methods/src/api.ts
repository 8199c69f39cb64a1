const baseUrl = '/api';

export const api = {
  get(path: string): Promise<Response> {
    return fetch(baseUrl + path);
  },

  post(path: string, body: unknown): Promise<Response> {
    return fetch(baseUrl + path, { method: 'POST', body: JSON.stringify(body) });
  },

  getJson(path: string): Promise<unknown> {
    return api.get(path).then((response) => response.json());
  },
};

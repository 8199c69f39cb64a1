export async function openSettings(): Promise<string> {
  const page = await import('./pages/settings');
  return page.renderSettings();
}

export const routes = {
  reports: () => import('./pages/reports'),
};

// a template literal: which file is loaded is known only at run time
export async function loadLocale(lang: string): Promise<unknown> {
  return import(`./locales/${lang}`);
}

// a computed specifier
export async function loadPlugin(path: string): Promise<unknown> {
  return import(path);
}

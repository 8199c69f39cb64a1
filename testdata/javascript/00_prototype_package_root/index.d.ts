declare function Router(opts?: object): Router.Instance;
export = Router;

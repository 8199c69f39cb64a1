'use strict'

function Router (opts) {
  if (!(this instanceof Router)) return new Router(opts)
  this.routes = []
}

Router.prototype.on = function on (method, path, handler) {
  this.routes.push(escapeRegExp(path))
}

Router.prototype.find = function find (method, path) {
  return this.routes.indexOf(path)
}

function escapeRegExp (string) {
  return string.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

module.exports = Router

package controllers

import services.Catalog

class HomeController(catalog: Catalog) {
  def index() = catalog.names()
  def unused() = ()
}

class ItemController(catalog: Catalog) {
  def save(id: Long) = catalog.store(id)
}

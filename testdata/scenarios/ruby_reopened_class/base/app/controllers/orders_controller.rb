class OrdersController < ApplicationController
  def create
    order = Inventory::Order.new(1)
    order.place
  end
end

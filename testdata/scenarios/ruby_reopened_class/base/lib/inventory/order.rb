require "inventory/stock"
require "inventory/stock_ext"

module Inventory
  class Order
    def initialize(amount)
      @amount = amount
      @stock = Stock.new(10)
    end

    def place
      @stock.reserve(@amount)
    end
  end
end

require "inventory/stock"
require "inventory/stock_ext"

class StockTest < Minitest::Test
  def test_reserve
    stock = Inventory::Stock.new(3)
    stock.reserve(1)
  end

  def test_count
    Inventory::Stock.new(3).count
  end
end

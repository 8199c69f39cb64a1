module Inventory
  class Stock
    def initialize(count)
      @count = count
    end

    def count
      @count
    end
  end
end

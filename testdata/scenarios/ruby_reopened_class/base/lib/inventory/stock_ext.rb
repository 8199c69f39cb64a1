# Stock reopened: reservations live apart from the class's own file.
module Inventory
  class Stock
    def reserve(amount)
      @count -= amount
    end
  end
end

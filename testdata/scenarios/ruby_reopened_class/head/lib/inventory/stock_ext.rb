# Stock reopened: reservations live apart from the class's own file.
module Inventory
  class Stock
    def reserve(amount)
      raise ArgumentError, "not enough" if amount > @count

      @count -= amount
    end
  end
end
